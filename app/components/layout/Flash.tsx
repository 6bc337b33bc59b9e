import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";

export type Flash = {
  type: "info" | "success" | "error" | "warning";
  message: string;
  description?: string;
};
/**
 * A toast waiting to be shown. `page`: the path of the page whose flash it is; such a toast belongs
 * to that page and goes when the visitor moves to another (a "Password Set" shown on the sign-in
 * page is not carried onto the dashboard). A `notify()` toast has none.
 */
export type QueuedToast = { id: number; flash: Flash; page?: string };
/**
 * "corner": bottom-right, as the spec says (the public site, the checkout, phones). "app": the
 * signed-in merchant app and operator console, where wide screens show the toasts top-centre (see
 * Toasts.tsx).
 */
export type ToastPlacement = "corner" | "app";

const TOAST_EVENT = "onehop:toast";
const Toasts = lazy(() => import("./Toasts"));
let nextId = 1;

/** Show a toast from client code (a failed refresh, a switch toggled). */
export function notify(flash: Flash) {
  window.dispatchEvent(new CustomEvent<Flash>(TOAST_EVENT, { detail: flash }));
}

/**
 * The flash message read by the root loader, shown as a sonner toast when JavaScript runs, and
 * `notify()` toasts. Before hydration (and without JavaScript) the same text is in FlashBanner.
 */
export function ToastHost({
  flash,
  placement = "corner",
}: {
  flash: Flash | undefined;
  placement?: ToastPlacement;
}) {
  const { pathname } = useLocation();
  const [queue, setQueue] = useState<{ source: Flash; item: QueuedToast }[]>([]);
  useEffect(() => {
    if (!flash) return;
    setQueue((current) =>
      current.some((entry) => entry.source === flash)
        ? current
        : [...current, { source: flash, item: { id: nextId++, flash, page: pathname } }],
    );
    // The flash arrives with its page's data: the path read here is that page's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flash]);
  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<Flash>).detail;
      setQueue((current) => [
        ...current,
        { source: detail, item: { id: nextId++, flash: detail } },
      ]);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toasts queue={queue.map((entry) => entry.item)} pathname={pathname} placement={placement} />
    </Suspense>
  );
}

/**
 * The flash message as part of the page: in the server's HTML, so it is seen before (and without)
 * JavaScript. Once the page is hydrated the root hides it and ToastHost shows the same message as a
 * toast, so it is never shown twice.
 */
export function FlashBanner({ flash }: { flash: Flash | undefined }) {
  if (!flash) return null;
  const isError = flash.type === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      data-flash-banner=""
      className={
        isError
          ? "border-b border-red-300 bg-red-50 px-4 py-3 text-center text-red-900"
          : "border-b border-emerald-300 bg-emerald-50 px-4 py-3 text-center text-emerald-900"
      }
    >
      <strong className="font-semibold">{flash.message}</strong>
      {flash.description ? <span>: {flash.description}</span> : null}
    </div>
  );
}
