/**
 * sonner's toaster (Alt+T focuses it) and the toasts waiting to be shown. Loaded lazily on the
 * first toast, so pages without one do not ship sonner. Toaster subscribes in its own effect, which
 * React runs before ours, so the queued toasts are never lost.
 *
 * Where they sit: bottom-right, as the spec says. In the signed-in apps on a laptop that corner
 * is where tables end in their row actions (a new API key's Revoke sat under "API key created",
 * and hovering the toast to reach it kept it open: issue 30, item 11), so from 1024 px up their
 * toasts sit top-centre, over the top of the page (its title), where no row actions are. Phones
 * keep bottom-right (sonner makes it a full-width strip at the bottom, clear of the top bar and
 * its menu).
 */
import { useEffect, useRef, useState } from "react";
import { Toaster, toast, type ToasterProps } from "sonner";
import { toastMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";
import type { QueuedToast, ToastPlacement } from "./Flash";

/** The app shells' wide layout (the side navigation shows from Tailwind's `lg`). */
const WIDE = "(min-width: 1024px)";

function useToasterPosition(placement: ToastPlacement): ToasterProps["position"] {
  // Rendered in the browser only (the host mounts it after an effect), so matchMedia is there.
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return placement === "app" && wide ? "top-center" : "bottom-right";
}

export default function Toasts({
  queue,
  pathname,
  placement,
}: {
  queue: readonly QueuedToast[];
  pathname: string;
  placement: ToastPlacement;
}) {
  const m = useMessages(toastMessages);
  const position = useToasterPosition(placement);
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
  return (
    <Toaster
      position={position}
      // Centred over the page beside the side navigation, not over the whole window.
      className={position === "top-center" ? "app-toaster" : undefined}
      richColors
      closeButton
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel={m.notifications}
      toastOptions={{ closeButtonAriaLabel: m.close }}
    />
  );
}
