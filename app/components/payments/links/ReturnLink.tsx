/**
 * The checkout's way back to the merchant's site (issue 13, item 6): "Cancel and return to <host>"
 * while the payment waits, "Return to <host>" once it is paid. A plain link; the host is shown so
 * the customer knows where it goes.
 */
import { buttonClass } from "~/components/ui";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { useMessages } from "~/i18n/use-messages";

export function ReturnLink({
  link,
}: {
  link: { kind: "cancel" | "success"; href: string; host: string } | null;
}) {
  const m = useMessages(checkoutMessages).returnLink;
  if (!link) return null;
  return (
    <p className="mt-6">
      <a
        href={link.href}
        rel="noopener"
        className={buttonClass(link.kind === "success" ? "primary" : "ghost")}
      >
        {link.kind === "success" ? m.success(link.host) : m.cancel(link.host)}
      </a>
    </p>
  );
}
