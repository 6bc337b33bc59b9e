/**
 * "Mode: Test | Live" as radio buttons with a hint under each, for the forms that make something
 * in one mode (an API key, a webhook endpoint, a payment link). Plain radios: no JavaScript needed.
 */
import { RadioGroup } from "~/components/ui/RadioGroup";
import { apiModeLabels } from "~/core/api/key-schema";
import { apiModes, type ApiMode } from "~/core/api/vocabulary";

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
  return (
    <RadioGroup
      field={field}
      legend="Mode"
      values={apiModes}
      labels={apiModeLabels}
      hints={hints}
      checked={value}
    />
  );
}
