import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { privacy } from "~/content/legal/privacy";
import { publicPageHeaders } from "~/utils/http";

export const loader = () => privacy;
export const headers = publicPageHeaders;
export const meta = legalMeta;
export default LegalPage;
