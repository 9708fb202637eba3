import { useState } from "react";
import { apiRequest } from "../../lib/api.ts";

/**
 * Ends the session, then loads the home page in full so that every loader (the header's too)
 * sees a signed-out visitor. If the call fails, the loaded page shows the true state.
 */
export function LogOutButton({ className }: { className?: string }) {
  const [leaving, setLeaving] = useState(false);
  async function logOut() {
    setLeaving(true);
    await apiRequest<null>("/api/Auth/logout", { method: "POST" }).catch(() => null);
    window.location.assign("/");
  }
  return (
    <button type="button" onClick={logOut} disabled={leaving} className={className}>
      {leaving ? "Logging out..." : "Log out"}
    </button>
  );
}
