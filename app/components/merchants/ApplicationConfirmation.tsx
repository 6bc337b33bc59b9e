/**
 * What the application page shows once an application is in, in place of the form (no blank form
 * inviting a second one): the reference, the address we will write to and what happens next. With
 * JavaScript its heading takes the focus.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { messages } from "~/content/messages";
import { paths } from "~/utils/paths";

export function ApplicationConfirmation({
  reference,
  maskedEmail,
}: {
  reference: string;
  maskedEmail: string;
}) {
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
        {messages.applicationSubmitted.message}
      </h3>
      <p className="mt-2">
        Your application reference is <strong>{reference}</strong>.{" "}
        {messages.applicationSubmitted.description}
      </p>
      <h4 className="mt-5 font-semibold">What happens next</h4>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>We check your business details and documents.</li>
        <li>
          Within 24 hours we e-mail <span className="font-semibold">{maskedEmail}</span>: your
          merchant ID and a one-time link to set your password, or what we still need from you.
        </li>
        <li>Once approved you can go live the same day.</li>
      </ol>
      <p className="mt-4 text-sm">
        Quote {reference} if you contact us about this application. Applying for another business?{" "}
        <Link to={paths.getStarted} className="font-semibold text-emerald-900 underline">
          Submit another application
        </Link>
      </p>
    </div>
  );
}
