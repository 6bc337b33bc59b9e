/**
 * What the application page shows once an application is in, in place of the form (no blank form
 * inviting a second one): the reference, the address we will write to and what happens next. With
 * JavaScript its heading takes the focus.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { applicationMessages } from "~/i18n/catalogs/application";
import { useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";

export function ApplicationConfirmation({
  reference,
  maskedEmail,
}: {
  reference: string;
  maskedEmail: string;
}) {
  const m = useMessages(applicationMessages).confirmation;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      aria-labelledby="application-confirmation-title"
      className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950"
    >
      <h3
        id="application-confirmation-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
      >
        {m.title}
      </h3>
      <p className="mt-2">
        {m.referenceIs}
        <strong>{reference}</strong>. {m.description}
      </p>
      <h4 className="mt-5 font-semibold">{m.nextTitle}</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>{m.next1}</li>
        <li>
          {m.next2Before}
          <span className="font-semibold">{maskedEmail}</span>
          {m.next2After}
        </li>
        <li>{m.next3}</li>
      </ol>
      <p className="mt-4 text-sm">
        {m.quote(reference)}
        <Link to={paths.getStarted} className="font-semibold text-emerald-900 underline">
          {m.another}
        </Link>
      </p>
    </div>
  );
}
