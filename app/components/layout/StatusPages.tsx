/**
 * Whole-page answers for 404 and 403, shared by the root error boundary and the catch-all route
 * (routes/$.tsx): a route never imports another route module, root included (ADR 0020).
 */
import { Link } from "@remix-run/react";
import { buttonClass, Container } from "~/components/ui";
import { statusMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

/**
 * "Oops! Page not found": for unknown paths (see routes/$.tsx) and anything else that answers 404.
 */
export function NotFound() {
  const m = useMessages(statusMessages);
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.notFound}</h1>
      <p className="mt-3 text-slate-700">{m.notFoundBody}</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        {m.returnHome}
      </Link>
    </Container>
  );
}

export function AccessDenied() {
  const m = useMessages(statusMessages);
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">403</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.accessDenied}</h1>
      <p className="mt-3 text-slate-700">{m.accessDeniedBody}</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        {m.returnHome}
      </Link>
    </Container>
  );
}
