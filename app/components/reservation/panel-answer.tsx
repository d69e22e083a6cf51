/** The page action's answer to a panel's form on the reservation page (the manage forms' result shape). */
export type PanelResult =
  { intent?: string; message?: string | null; errors?: Record<string, string>; done?: string | null } | undefined;

/**
 * What the page's action answered to this panel's form (`intent`): its success message when it reports `done`, else its
 * refusal's message (field messages show at their fields). Nothing for another form's answer.
 */
export function PanelAnswer({ result, intent, done }: { result: PanelResult; intent: string; done: string }) {
  if (result?.intent !== intent || !result.message) return null;
  return result.done === done ? (
    <p className="mt-3 rounded-lg border border-success bg-success-soft p-3 text-sm text-success" role="status">
      {result.message}
    </p>
  ) : result.done ? null : (
    <p className="mt-3 rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger" role="alert">
      {result.message}
    </p>
  );
}
