/**
 * The merchant's way in (issue 33): sign-in, the second step, "Forgot password?", the reset and
 * set-password links. Page text, the forms' messages (their zod schemas are built from these) and
 * the toasts the actions set. The English is what these pages always said.
 */
import { defineMessages } from "../messages";
import { messages } from "~/content/messages";
import {
  newPasswordHint,
  newPasswordMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/core/accounts/new-password-fields";

export const signInMessages = defineMessages(
  {
    /** A wait as a refusal says it ("15 minutes"). */
    minutes: (count: number) => (count === 1 ? "1 minute" : `${count} minutes`),
    /** The pages' <title> and description. */
    meta: {
      signInTitle: "Merchant Sign In",
      signInDescription: "Sign in to your OneHop merchant dashboard.",
      verifyTitle: "Two-Factor Sign In",
      verifyDescription: "Enter the code from your authenticator app.",
      forgotTitle: "Forgot password",
      forgotDescription: "Get a link to choose a new password for your OneHop merchant account.",
      resetTitle: "Choose a new password",
      resetDescription: "Choose a new password for your OneHop account.",
      setTitle: "Set your password",
      setDescription: "Set the password of your OneHop merchant account.",
    },
    fields: {
      merchantId: "Merchant ID",
      username: "Username",
      password: "Password",
    },
    form: {
      merchantIdRequired: "Merchant ID is required",
      merchantIdTooLong: "Merchant ID must be at most 32 characters",
      usernameRequired: "Username is required",
      usernameTooLong: "Username must be at most 64 characters",
      passwordRequired: "Password is required",
      passwordTooLong: "Password must be at most 256 characters",
    },
    toast: {
      signInFailed: messages.signInFailed,
      signInError: messages.signInError,
    },
    page: {
      title: "Merchant Sign In",
      intro: "Sign in with the merchant ID, username and password from your approval e-mail.",
      submit: "Sign In",
      submitting: "Signing In...",
      forgot: "Forgot password?",
      helpTitle: "Need help?",
      supportBefore: (hours: string) => `Our support team is available ${hours}. Write to `,
      supportOr: " or call ",
      notMerchantTitle: "Not a merchant yet?",
      notMerchant: "Accept crypto and settle to M-Pesa in minutes. ",
      applyNow: "Apply now",
    },
    secondStep: {
      title: "Two-Factor Sign In",
      intro:
        "Open your authenticator app and enter the 6-digit code for OneHop. Lost your phone? Enter one of your recovery codes instead.",
      codeLabel: "Authentication code",
      codeHint: "The 6-digit code from your app, or a recovery code (xxxx-xxxx-xxxx).",
      codeRequired: "Enter the 6-digit code from your authenticator app.",
      codeTooLong: "That is too long for a code.",
      submit: "Verify",
      submitting: "Checking...",
      cancel: "Cancel and sign out",
    },
    forgot: {
      title: "Forgot your password?",
      intro:
        "Enter your merchant ID and username. We will e-mail a link to choose a new password to the address your team member account uses.",
      submit: "Send Reset Link",
      submitting: "Sending...",
      remembered: "Remembered it? ",
      back: "Back to Merchant Sign In",
    },
    newPassword: {
      ...newPasswordMessages,
      hint: newPasswordHint,
      tooCommon: "This password is too common. Choose one that is hard to guess.",
      containsUsername: "Don't use your username in your password.",
      containsEmail: "Don't use your e-mail address in your password.",
      containsBusinessName: "Don't use your business name in your password.",
      label: "New password",
      confirmLabel: "Confirm new password",
      submitting: "Saving...",
    },
    reset: {
      title: "Choose a new password",
      merchantLinkAgain: "New link for a merchant account",
      operatorLinkAgain: "New link for an operator account",
      operatorAccount: "Operator account ",
      merchantId: ": merchant ID ",
      username: ", username ",
      signedOut:
        "Every device signed in to this account will be signed out. Two-factor sign-in stays on.",
      submit: "Set New Password",
    },
    setPassword: {
      title: "Set your password",
      linkIncomplete: "This link is incomplete",
      invalidTitle: "This link cannot be used",
      invalidBefore:
        "Set-password links work once and expire. Ask your OneHop contact for a new link, or write to ",
      invalidLink: "This link is invalid, used or expired.",
      goToSignIn: "Go to Merchant Sign In",
      submit: "Set Password",
      done: {
        message: "Password Set",
        description: "Sign in with your merchant ID, username and new password.",
      },
    },
  },
  {
    minutes: (count: number) => `dakika ${count}`,
    meta: {
      signInTitle: "Ingia kama mfanyabiashara",
      signInDescription: "Ingia kwenye dashibodi yako ya mfanyabiashara wa OneHop.",
      verifyTitle: "Uthibitishaji wa hatua mbili",
      verifyDescription: "Weka msimbo kutoka kwenye programu yako ya uthibitishaji.",
      forgotTitle: "Umesahau nenosiri",
      forgotDescription:
        "Pata kiungo cha kuchagua nenosiri jipya la akaunti yako ya mfanyabiashara wa OneHop.",
      resetTitle: "Chagua nenosiri jipya",
      resetDescription: "Chagua nenosiri jipya la akaunti yako ya OneHop.",
      setTitle: "Weka nenosiri lako",
      setDescription: "Weka nenosiri la akaunti yako ya mfanyabiashara wa OneHop.",
    },
    fields: {
      merchantId: "Kitambulisho cha mfanyabiashara",
      username: "Jina la mtumiaji",
      password: "Nenosiri",
    },
    form: {
      merchantIdRequired: "Weka kitambulisho cha mfanyabiashara",
      merchantIdTooLong: "Kitambulisho cha mfanyabiashara kisizidi herufi 32",
      usernameRequired: "Weka jina la mtumiaji",
      usernameTooLong: "Jina la mtumiaji lisizidi herufi 64",
      passwordRequired: "Weka nenosiri",
      passwordTooLong: "Nenosiri lisizidi herufi 256",
    },
    toast: {
      signInFailed: {
        message: "Imeshindikana kuingia",
        description:
          "Maelezo ya kuingia si sahihi. Kagua kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri.",
      },
      signInError: {
        message: "Hitilafu ya kuingia",
        description: "Kuna hitilafu wakati wa kuingia. Jaribu tena.",
      },
    },
    page: {
      title: "Ingia kama mfanyabiashara",
      intro:
        "Ingia kwa kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri kutoka kwenye barua pepe ya kuidhinishwa.",
      submit: "Ingia",
      submitting: "Inaingia...",
      forgot: "Umesahau nenosiri?",
      helpTitle: "Unahitaji msaada?",
      supportBefore: (hours: string) => `Timu yetu ya msaada inapatikana ${hours}. Tuandikie kwa `,
      supportOr: " au piga simu ",
      notMerchantTitle: "Bado si mfanyabiashara wa OneHop?",
      notMerchant: "Pokea crypto na ulipwe kwa M-Pesa ndani ya dakika chache. ",
      applyNow: "Tuma maombi sasa",
    },
    secondStep: {
      title: "Uthibitishaji wa hatua mbili",
      intro:
        "Fungua programu yako ya uthibitishaji na uweke msimbo wa tarakimu 6 wa OneHop. Umepoteza simu yako? Weka mmoja wa misimbo yako ya dharura badala yake.",
      codeLabel: "Msimbo wa uthibitishaji",
      codeHint:
        "Msimbo wa tarakimu 6 kutoka kwenye programu yako, au msimbo wa dharura (xxxx-xxxx-xxxx).",
      codeRequired: "Weka msimbo wa tarakimu 6 kutoka kwenye programu yako ya uthibitishaji.",
      codeTooLong: "Huo ni mrefu mno kuwa msimbo.",
      submit: "Hakiki",
      submitting: "Inakagua...",
      cancel: "Ghairi na utoke",
    },
    forgot: {
      title: "Umesahau nenosiri lako?",
      intro:
        "Weka kitambulisho cha mfanyabiashara na jina la mtumiaji. Tutatuma kiungo cha kuchagua nenosiri jipya kwa barua pepe ya akaunti yako ya mwanachama wa timu.",
      submit: "Tuma kiungo",
      submitting: "Inatuma...",
      remembered: "Umelikumbuka? ",
      back: "Rudi kwenye kuingia kama mfanyabiashara",
    },
    newPassword: {
      required: "Chagua nenosiri",
      tooShort: `Tumia angalau herufi ${PASSWORD_MIN_LENGTH}.`,
      tooLong: `Tumia herufi zisizozidi ${PASSWORD_MAX_LENGTH}.`,
      confirmRequired: "Andika nenosiri tena",
      mismatch: "Manenosiri mawili hayalingani",
      hint: `Angalau herufi ${PASSWORD_MIN_LENGTH}. Maneno machache yasiyohusiana hufanya nenosiri imara ambalo ni rahisi kukumbuka.`,
      tooCommon: "Nenosiri hili linatumiwa na watu wengi mno. Chagua ambalo ni gumu kukisia.",
      containsUsername: "Usitumie jina lako la mtumiaji kwenye nenosiri.",
      containsEmail: "Usitumie anwani yako ya barua pepe kwenye nenosiri.",
      containsBusinessName: "Usitumie jina la biashara yako kwenye nenosiri.",
      label: "Nenosiri jipya",
      confirmLabel: "Thibitisha nenosiri jipya",
      submitting: "Inahifadhi...",
    },
    reset: {
      title: "Chagua nenosiri jipya",
      merchantLinkAgain: "Kiungo kipya cha akaunti ya mfanyabiashara",
      operatorLinkAgain: "Kiungo kipya cha akaunti ya msimamizi",
      operatorAccount: "Akaunti ya msimamizi ",
      merchantId: ": kitambulisho cha mfanyabiashara ",
      username: ", jina la mtumiaji ",
      signedOut:
        "Vifaa vyote vilivyoingia kwenye akaunti hii vitatolewa. Uthibitishaji wa hatua mbili unabaki.",
      submit: "Weka nenosiri jipya",
    },
    setPassword: {
      title: "Weka nenosiri lako",
      linkIncomplete: "Kiungo hiki hakijakamilika",
      invalidTitle: "Kiungo hiki hakiwezi kutumika",
      invalidBefore:
        "Viungo vya kuweka nenosiri vinatumika mara moja na muda wake huisha. Omba kiungo kipya kwa mtu wako wa OneHop, au tuandikie kwa ",
      invalidLink: "Kiungo hiki si halali, kimeshatumika au muda wake umeisha.",
      goToSignIn: "Nenda kwenye kuingia kama mfanyabiashara",
      submit: "Weka nenosiri",
      done: {
        message: "Nenosiri limewekwa",
        description:
          "Ingia kwa kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri jipya.",
      },
    },
  },
);
