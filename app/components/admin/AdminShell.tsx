import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, Container, cx } from "~/components/ui";
import type { OperatorRole } from "~/core/operator-roles";
import { paths } from "~/utils/paths";

export type ShellOperator = { name: string; role: OperatorRole };

const sections = [
  { to: paths.adminApplications, label: "Applications", roles: ["admin", "reviewer"] },
  { to: paths.adminPayments, label: "Payments", roles: ["admin", "reviewer"] },
  { to: paths.adminIngest, label: "News curation", roles: ["admin", "curator"] },
] as const;

/** The operator console frame: the page's h1, the sections this role may open, sign out. */
export function AdminShell({
  operator,
  title,
  children,
}: {
  operator: ShellOperator;
  title: string;
  children: ReactNode;
}) {
  const visible = sections.filter((section) =>
    (section.roles as readonly string[]).includes(operator.role),
  );
  return (
    <Container className="py-10">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <nav aria-label="Operator console">
          <ul className="flex gap-2">
            {visible.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cx(
                      "rounded-md px-3 py-2 text-sm font-semibold",
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100",
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <span>
            {operator.name} <span className="text-slate-600">({operator.role})</span>
          </span>
          <Form method="post" action={paths.adminSignOut}>
            <button type="submit" className={buttonClass("secondary")}>
              Sign Out
            </button>
          </Form>
        </div>
      </div>
      <h1 className="mt-8 text-3xl font-bold text-ink">{title}</h1>
      <div className="mt-6">{children}</div>
    </Container>
  );
}
