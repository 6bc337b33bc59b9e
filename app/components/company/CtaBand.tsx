/**
 * The call-to-action band at the foot of a company page: a heading and a line of text on the brand
 * colour, and one button. The section is named by its heading.
 */
import { ButtonLink, Container } from "~/components/ui";
import { Icon, type IconName } from "~/components/ui/icons";

export function CtaBand({
  id,
  title,
  body,
  action,
  icon,
}: {
  /** id of the band's heading, which names the section. */
  id: string;
  title: string;
  body: string;
  action: { to: string; label: string };
  icon: IconName;
}) {
  return (
    <section aria-labelledby={id} className="bg-brand-800 py-16 text-white">
      <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id={id} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-brand-50">{body}</p>
        </div>
        <ButtonLink to={action.to} variant="inverse" className="shrink-0">
          {action.label}
          <Icon name={icon} />
        </ButtonLink>
      </Container>
    </section>
  );
}
