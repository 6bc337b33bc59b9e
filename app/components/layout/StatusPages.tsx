/**
 * Whole-page answers for 404 and 403, shared by the root error boundary and the catch-all route
 * (routes/$.tsx): a route never imports another route module, root included (ADR 0020).
 */
import { Link } from "@remix-run/react";
import { buttonClass, Container } from "~/components/ui";

/**
 * "Oops! Page not found": for unknown paths (see routes/$.tsx) and anything else that answers 404.
 */
export function NotFound() {
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Oops! Page not found</h1>
      <p className="mt-3 text-slate-700">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </Link>
    </Container>
  );
}

export function AccessDenied() {
  return (
    <Container className="py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">403</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Access denied</h1>
      <p className="mt-3 text-slate-700">Your account does not have access to this page.</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Return to Home
      </Link>
    </Container>
  );
}
