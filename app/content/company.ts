/** Company details: the one source for the footer, legal pages, contact blocks and e-mails. */
import { defineMessages } from "~/i18n/messages";

export const company = {
  brand: "OneHop",
  legalName: "OneHop Payments Limited",
  tagline: "From Crypto to M-Pesa in one hop",
  footerBlurb: "Powering businesses with instant crypto payments and settlement since 2020.",
  founded: 2020,
  city: "Nairobi",
  country: "Kenya",
  supportEmail: "support@onehop.co.ke",
  complianceEmail: "compliance@onehop.co.ke",
  privacyEmail: "privacy@onehop.co.ke",
  phone: "+254 709 656 000",
  phoneHref: "tel:+254709656000",
  postalAddress: ["P.O. Box 10472-00100", "Nairobi, Kenya"],
  officeAddress: ["4th Floor, Westlands Business Park", "Waiyaki Way, Westlands", "Nairobi, Kenya"],
  licenceNumber: "C100000762",
  licenceName: "Money Services Business licence",
  supportHours: "24/7",
  social: [
    { name: "X (Twitter)", href: "#" },
    { name: "LinkedIn", href: "#" },
    { name: "GitHub", href: "#" },
  ],
} as const;

export type Company = typeof company;

/**
 * The company's words the public footer shows, in both languages (issue 33); `company` keeps the
 * English for everything else. Names, numbers and addresses are the same in both.
 */
export const companyMessages = defineMessages(
  {
    footerBlurb: company.footerBlurb,
    licenceName: company.licenceName,
  },
  {
    footerBlurb: "Tunawezesha biashara kwa malipo ya crypto ya papo hapo na ulipaji tangu 2020.",
    licenceName: "Leseni ya Money Services Business",
  },
);
