/**
 * "Mode: Test | Live" as radio buttons with a hint under each, for the forms that make something
 * in one mode (an API key, a webhook endpoint, a payment link). Plain radios: no JavaScript needed.
 */
import { RadioGroup } from "~/components/ui/RadioGroup";
import { apiModes, type ApiMode } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";

export interface ModeField {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

export function ModeChoice({
  field,
  value,
  hints,
}: {
  field: ModeField;
  /** The mode checked at first. */
  value: ApiMode;
  /** What choosing each mode means, in the form's own words. */
  hints: Record<ApiMode, string>;
}) {
  const m = useMessages(developersMessages);
  return (
    <RadioGroup
      field={field}
      legend={m.modeLegend}
      values={apiModes}
      labels={m.modes}
      hints={hints}
      checked={value}
    />
  );
}
