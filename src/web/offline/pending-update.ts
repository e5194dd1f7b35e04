import { sharedValue } from "../ui/shared-value";

/**
 * Set when a new version of the app is installed and waiting: the function that activates it and reloads
 * the page. Nothing is waiting on the server, nor before the worker says so.
 */
export const pendingUpdate = sharedValue<() => void>();
