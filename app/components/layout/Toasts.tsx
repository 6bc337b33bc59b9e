/**
 * sonner's toaster (bottom-right, Alt+T focuses it) and the toasts waiting to be shown. Loaded
 * lazily on the first toast, so pages without one do not ship sonner. Toaster subscribes in its own
 * effect, which React runs before ours, so the queued toasts are never lost.
 */
import { useEffect, useRef } from "react";
import { Toaster, toast } from "sonner";
import type { QueuedToast } from "./Flash";

export default function Toasts({
  queue,
  pathname,
}: {
  queue: readonly QueuedToast[];
  pathname: string;
}) {
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const item of queue) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      const options = { id: item.id, description: item.flash.description };
      if (item.flash.type === "error") toast.error(item.flash.message, options);
      else if (item.flash.type === "warning") toast.warning(item.flash.message, options);
      else if (item.flash.type === "success") toast.success(item.flash.message, options);
      else toast.info(item.flash.message, options);
    }
  }, [queue]);
  // A page's flash goes with its page: on another page it would be stale.
  useEffect(() => {
    for (const item of queue)
      if (item.page !== undefined && item.page !== pathname) toast.dismiss(item.id);
  }, [queue, pathname]);
  return <Toaster position="bottom-right" richColors closeButton hotkey={["altKey", "KeyT"]} />;
}
