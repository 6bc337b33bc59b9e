import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { compliance } from "~/content/legal/compliance";
import { publicPageHeaders } from "~/utils/http";

export const loader = () => compliance;
export const headers = publicPageHeaders;
export const meta = legalMeta;
export default LegalPage;
