/**
 * The payout file's input (a CSV file), styled alike wherever a payout file is uploaded: the new
 * batch's upload form and a draft batch's corrected file. Its label, hint and error are the form's.
 */
import type { InputHTMLAttributes } from "react";
import { cx } from "~/components/ui";

export function PayoutFileInput({
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "accept">) {
  return (
    <input
      type="file"
      accept=".csv,text/csv"
      {...props}
      className={cx(
        "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900 aria-[invalid=true]:border-red-700",
        className,
      )}
    />
  );
}
