import { valueStore } from "../routing/value-store";

/**
 * Set when a new version of the app is installed and waiting: the function that activates it and reloads
 * the page. Nothing is waiting on the server, nor before the worker says so. One per page, at module level:
 * the worker is registered by the page's script outside React's tree (register-on-load.ts).
 */
export const pendingUpdate = valueStore<() => void>();
