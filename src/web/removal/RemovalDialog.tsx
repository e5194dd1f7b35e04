import { useId } from "react";
import { useParams } from "react-router";
import { parseThoughtId } from "../api/use-thought";
import { ModalDialog } from "../ui/ModalDialog";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { ConfirmRemoval } from "./ConfirmRemoval";
import { RemovalNotFound } from "./RemovalNotFound";

/** The delete confirmation, drawn by its route over the wall (see router.tsx). */
export function RemovalDialog() {
  const id = parseThoughtId(useParams().id);
  const leave = useLeaveToWall();
  const ids = { title: useId(), text: useId() };
  return (
    <ModalDialog labelledBy={ids.title} describedBy={ids.text} onDismiss={leave}>
      {id === undefined ? (
        <RemovalNotFound ids={ids} onBack={leave} />
      ) : (
        <ConfirmRemoval key={id} id={id} ids={ids} onCancel={leave} />
      )}
    </ModalDialog>
  );
}
