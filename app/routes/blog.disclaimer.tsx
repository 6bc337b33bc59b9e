import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { disclaimer } from "~/content/legal/disclaimer";
import { publicPageHeaders } from "~/utils/http";

export const loader = () => disclaimer;
export const headers = publicPageHeaders;
export const meta = legalMeta;
export default LegalPage;
