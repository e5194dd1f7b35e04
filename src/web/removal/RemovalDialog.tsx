export function RemovalDialog() {
  return <div role="dialog" aria-modal="true" aria-label="Excluir pensamento" />;
}
