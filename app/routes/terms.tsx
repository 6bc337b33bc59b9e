import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { terms } from "~/content/legal/terms";
import { publicPageHeaders } from "~/utils/http";

export const loader = () => terms;
export const headers = publicPageHeaders;
export const meta = legalMeta;
export default LegalPage;
