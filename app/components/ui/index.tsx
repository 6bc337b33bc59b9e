/** Small presentational primitives shared by every page. No data, no effects. */
import { Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { linkMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>
  );
}

/** Top of a page: the one <h1>, an optional eyebrow and lead paragraph, optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white py-16 sm:py-20">
      <Container>
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-5 max-w-2xl text-lg text-slate-700">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </Container>
    </section>
  );
}

/** A page section with an <h2>. `reveal` adds the scroll-in animation (content stays visible). */
export function Section({
  id,
  title,
  intro,
  children,
  className,
  tone = "plain",
}: {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: "plain" | "muted" | "dark";
}) {
  const tones = {
    plain: "bg-white",
    muted: "bg-slate-50",
    dark: "bg-ink text-white",
  } as const;
  return (
    <section id={id} className={cx("py-16", tones[tone], className)}>
      <Container className="reveal">
        {title ? (
          <h2
            className={cx(
              "text-3xl font-bold tracking-tight",
              tone === "dark" ? "text-white" : "text-ink",
            )}
          >
            {title}
          </h2>
        ) : null}
        {intro ? (
          <p
            className={cx(
              "mt-3 max-w-3xl text-lg",
              tone === "dark" ? "text-slate-200" : "text-slate-700",
            )}
          >
            {intro}
          </p>
        ) : null}
        <div className={title || intro ? "mt-10" : undefined}>{children}</div>
      </Container>
    </section>
  );
}

const buttonVariants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "bg-white text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50",
  ghost: "text-slate-800 hover:bg-slate-100",
  inverse: "bg-white text-ink hover:bg-slate-100",
} as const;
export type ButtonVariant = keyof typeof buttonVariants;

export function buttonClass(variant: ButtonVariant = "primary", className?: string) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70",
    buttonVariants[variant],
    className,
  );
}

/** An internal link styled as a button. */
export function ButtonLink({
  variant = "primary",
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}

/** The look of a link inside text or under a card. */
export const textLinkClass =
  "font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700";

/** An internal link in text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link {...props} className={cx(textLinkClass, className)} />;
}

/** A paragraph holding one link, e.g. "See every step" under a section. */
export function LinkLine({
  link,
  className,
}: {
  link: { to: string; label: string };
  className?: string;
}) {
  return (
    <p className={className}>
      <TextLink to={link.to}>{link.label}</TextLink>
    </p>
  );
}

/** An external link that opens in a new tab, announced as such. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const m = useMessages(linkMessages);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{` ${m.opensInNewTab}`}</span>
    </a>
  );
}

export function Card({
  title,
  children,
  icon,
  className,
  headingLevel: Heading = "h3",
}: {
  title?: ReactNode;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
  headingLevel?: "h2" | "h3" | "h4";
}) {
  return (
    <div className={cx("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      {icon ? <div className="mb-4 text-brand-700">{icon}</div> : null}
      {title ? <Heading className="text-lg font-semibold text-ink">{title}</Heading> : null}
      {children ? (
        <div className={cx("text-slate-700", title ? "mt-2" : undefined)}>{children}</div>
      ) : null}
    </div>
  );
}

export function Badge({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: "neutral" | "success" | "warning" | "danger" | "info";
}) {
  const tones = {
    neutral: "bg-slate-100 text-slate-800",
    success: "bg-emerald-100 text-emerald-900",
    warning: "bg-amber-100 text-amber-900",
    danger: "bg-red-100 text-red-900",
    info: "bg-blue-100 text-blue-900",
  } as const;
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A figure with its label, e.g. "1000+ / Active merchants". */
export function Stat({ value, label }: { value: ReactNode; label: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-3xl font-bold text-ink">{value}</dd>
    </div>
  );
}

/**
 * A scrollable data table with a (visually hidden) caption and column headings; rows are the
 * children.
 */
export function DataTable({
  caption,
  showCaption = false,
  headings,
  children,
  className,
}: {
  caption: string;
  /** Show the caption as the table's title (otherwise it is for screen readers only). */
  showCaption?: boolean;
  headings: readonly ReactNode[];
  children: ReactNode;
  className?: string;
}) {
  // A narrow screen scrolls the table sideways: the scroll box is a named region keyboard users
  // can focus and scroll (axe: scrollable-region-focusable).
  return (
    <div
      className={cx("overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-700", className)}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className={showCaption ? "mb-2 text-left font-semibold text-ink" : "sr-only"}>
          {caption}
        </caption>
        <thead className="border-b border-slate-300">
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
