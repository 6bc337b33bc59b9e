import { Card } from "~/components/ui";
import { applicationMessages } from "~/i18n/catalogs/application";
import { useMessages } from "~/i18n/use-messages";

const icons = {
  fees: "M12 3v18M7 7.5C7 5.6 9.2 4.5 12 4.5s5 1.1 5 3-2.2 3-5 3.5-5 1.6-5 3.5 2.2 3 5 3 5-1.1 5-3",
  reach:
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z",
  security: "M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6l-7-3Zm-3 9 2 2 4-4",
} as const;

export function BenefitCards() {
  const m = useMessages(applicationMessages).benefits;
  const benefits = [
    // The fee claim the home page makes too (one source: app/content/claims.ts).
    { title: m.feesTitle, body: m.feesBody, icon: icons.fees },
    { title: m.reachTitle, body: m.reachBody, icon: icons.reach },
    { title: m.securityTitle, body: m.securityBody, icon: icons.security },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {benefits.map((benefit) => (
        <li key={benefit.title}>
          <Card
            title={benefit.title}
            // Right under the page's h1: the next level, so the outline skips none.
            headingLevel="h2"
            icon={
              <svg
                viewBox="0 0 24 24"
                className="h-8 w-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={benefit.icon} />
              </svg>
            }
            className="h-full"
          >
            <p>{benefit.body}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
