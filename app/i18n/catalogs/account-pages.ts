/**
 * A member's own account pages (issue 33): accepting a team invitation, changing the password and
 * two-factor sign-in. Page text, the forms' messages (their zod schemas are built from these) and
 * the toasts the actions set. The English is what these pages always said; the operator console
 * draws the shared parts in English. Words shared with the sign-in pages (new password, the code
 * field, "Go to Merchant Sign In") come from the sign-in catalog.
 */
import { passwordRecovery } from "~/content/password-recovery";
import { twoFactorText } from "~/content/two-factor";
import { usernameRule } from "~/core/accounts/team-schema";
import { defineMessages } from "../messages";

export const accountPagesMessages = defineMessages(
  {
    invitation: {
      metaJoin: "Join your team",
      metaInvitation: "Invitation",
      metaDescription: "Accept an invitation to a merchant's OneHop account.",
      unusable: {
        used: {
          title: "This invitation has already been used",
          body: "Each invitation link works once. If you accepted it, sign in with your merchant ID, username and password.",
        },
        expired: {
          title: "This invitation has expired",
          body: "Invitation links work for 7 days. Ask the person who invited you to send a new one.",
        },
        revoked: {
          title: "This invitation was withdrawn",
          body: "The account owner withdrew it or sent a newer link. Ask them for a new invitation if you still need one.",
        },
        unavailable: {
          title: "This invitation cannot be used right now",
          body: "The business's OneHop account is not active. Ask the person who invited you.",
        },
        unknown: {
          title: "This invitation link is not valid",
          body: "Check that you copied the whole link from the e-mail, or ask for a new invitation.",
        },
      },
      title: (business: string) => `Join ${business} on OneHop`,
      invitedAs: "You are invited as ",
      merchantId: "Merchant ID ",
      chooseBelow: ". Give your name, and choose the username and password you will sign in with.",
      fullName: "Full name",
      fullNameHint:
        "As on your national ID or passport. Like every team member's, it is checked against the sanctions lists.",
      usernameHint: usernameRule,
      passwordHint: "At least 12 characters. A few unrelated words make a strong one.",
      joining: "Joining...",
      join: "Join the Team",
      form: {
        fullNameRequired: "Enter your full name as on your ID",
        fullNameTooLong: "Use at most 100 characters",
        usernameRequired: "Choose a username",
        usernameRule,
        passwordRequired: "Choose a password",
        passwordTooLong: "Use at most 128 characters",
        confirmRequired: "Type the password again",
        mismatch: "The two passwords do not match",
      },
      usernameTaken: "Someone on this team already uses this username. Choose another.",
      welcome: "Welcome to the team",
      welcomeDescription: (username: string) =>
        `Sign in with your merchant ID, username ${username} and your new password.`,
    },
    changePassword: {
      metaTitle: "Change password",
      metaDescription: "Change the password of your OneHop merchant account.",
      back: "Back to security",
      title: "Change password",
      introBefore: "Every other device signed in as ",
      introAfter: " will be signed out. You stay signed in here.",
      currentLabel: "Current password",
      submit: "Change Password",
      forgotBefore: "Forgot your current password? Sign out and use ",
      forgotLink: "Forgot password?",
      forgotAfter: " on the sign-in page.",
      currentRequired: "Enter your current password",
      currentTooLong: "Password must be at most 256 characters",
      changed: passwordRecovery.changed(0).message,
      changedDescription: (sessionsEnded: number) =>
        passwordRecovery.changed(sessionsEnded).description,
    },
    twoFactor: {
      title: "Two-Factor Sign-In",
      metaDescription: "Protect your OneHop sign-in with a code from your phone.",
      requiredNotice: twoFactorText.requiredForMerchant,
      codesTitle: "Your recovery codes",
      codesIntro:
        "If you lose your phone, sign in with one of these codes. Each works once. Save them now somewhere safe (a password manager, or printed): they are shown only this once.",
      codesLabel: "Recovery codes",
      codesFileTitle: "OneHop recovery codes (each works once)",
      download: "Download as text",
      saved: "I have saved them",
      setUpTitle: "Set up your authenticator app",
      setUpIntro:
        "Each sign-in will ask for your password and a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others).",
      scan: "Scan this QR code with your app.",
      qrLabel: "QR code for your authenticator app",
      typeKey: "Or type this key into the app:",
      enterCode: "Enter the 6-digit code the app shows.",
      codeLabel: "Code from your app",
      checking: "Checking...",
      turnOn: "Turn On",
      onTitle: "Two-factor sign-in is on",
      onSince: (when: string) => `On since ${when}. Recovery codes left: `,
      ofTotal: (total: number) => ` of ${total}.`,
      newCodesTitle: "New recovery codes",
      newCodesIntro: "Your old recovery codes stop working.",
      newCodesHint: "The 6-digit code from your app.",
      making: "Making codes...",
      makeNew: "Make New Codes",
      offTitle: "Turn off two-factor sign-in",
      offIntro:
        "It takes a code from your authenticator app (or a recovery code): your password alone cannot turn it off. Your recovery codes will stop working, and the account's owners are told. You can set it up again at any time.",
      offLabel: "Code to turn it off",
      offHint: "The 6-digit code from your app, or a recovery code.",
      turningOff: "Turning off...",
      turnOff: "Turn Off",
      enableRequired: "Enter the 6-digit code from your authenticator app.",
      enableFormat: "Enter the 6 digits your authenticator app shows.",
      setupChanged: "This set-up has changed. Reload the page and scan the new code.",
      passwordCannotTurnOff:
        "Enter the 6-digit code from your authenticator app, or a recovery code: your password alone cannot turn off two-factor sign-in.",
      enabled: twoFactorText.enabled.message,
      enabledDescription: twoFactorText.enabled.description,
      disabled: twoFactorText.disabled.message,
      regenerated: twoFactorText.regenerated.message,
      regeneratedDescription: twoFactorText.regenerated.description,
    },
  },
  {
    invitation: {
      metaJoin: "Jiunge na timu yako",
      metaInvitation: "Mwaliko",
      metaDescription: "Kubali mwaliko wa kujiunga na akaunti ya OneHop ya mfanyabiashara.",
      unusable: {
        used: {
          title: "Mwaliko huu umeshatumika",
          body: "Kila kiungo cha mwaliko kinatumika mara moja. Ikiwa uliukubali, ingia kwa kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri lako.",
        },
        expired: {
          title: "Muda wa mwaliko huu umeisha",
          body: "Viungo vya mwaliko vinafanya kazi kwa siku 7. Muombe aliyekualika akutumie kipya.",
        },
        revoked: {
          title: "Mwaliko huu umeondolewa",
          body: "Mmiliki wa akaunti aliuondoa au alituma kiungo kipya zaidi. Muombe mwaliko mpya ikiwa bado unauhitaji.",
        },
        unavailable: {
          title: "Mwaliko huu hauwezi kutumika kwa sasa",
          body: "Akaunti ya OneHop ya biashara hii haitumiki kwa sasa. Muulize aliyekualika.",
        },
        unknown: {
          title: "Kiungo hiki cha mwaliko si halali",
          body: "Hakikisha umenakili kiungo chote kutoka kwenye barua pepe, au omba mwaliko mpya.",
        },
      },
      title: (business: string) => `Jiunge na ${business} kwenye OneHop`,
      invitedAs: "Umealikwa kama ",
      merchantId: "Kitambulisho cha mfanyabiashara ",
      chooseBelow:
        ". Andika jina lako, kisha uchague jina la mtumiaji na nenosiri utakalotumia kuingia.",
      fullName: "Jina kamili",
      fullNameHint:
        "Kama lilivyo kwenye kitambulisho chako cha taifa au pasipoti. Kama la kila mwanachama wa timu, hukaguliwa dhidi ya orodha za vikwazo.",
      usernameHint: "Herufi 3 hadi 32: herufi, tarakimu, nukta, vistari au mistari ya chini",
      passwordHint: "Angalau herufi 12. Maneno machache yasiyohusiana hufanya nenosiri imara.",
      joining: "Inajiunga...",
      join: "Jiunge na timu",
      form: {
        fullNameRequired: "Weka jina lako kamili kama lilivyo kwenye kitambulisho",
        fullNameTooLong: "Tumia herufi zisizozidi 100",
        usernameRequired: "Chagua jina la mtumiaji",
        usernameRule: "Herufi 3 hadi 32: herufi, tarakimu, nukta, vistari au mistari ya chini",
        passwordRequired: "Chagua nenosiri",
        passwordTooLong: "Tumia herufi zisizozidi 128",
        confirmRequired: "Andika nenosiri tena",
        mismatch: "Manenosiri mawili hayalingani",
      },
      usernameTaken:
        "Mtu mwingine kwenye timu hii tayari anatumia jina hili la mtumiaji. Chagua jingine.",
      welcome: "Karibu kwenye timu",
      welcomeDescription: (username: string) =>
        `Ingia kwa kitambulisho cha mfanyabiashara, jina la mtumiaji ${username} na nenosiri lako jipya.`,
    },
    changePassword: {
      metaTitle: "Badilisha nenosiri",
      metaDescription: "Badilisha nenosiri la akaunti yako ya mfanyabiashara wa OneHop.",
      back: "Rudi kwenye usalama",
      title: "Badilisha nenosiri",
      introBefore: "Kila kifaa kingine kilichoingia kama ",
      introAfter: " kitatolewa. Wewe unabaki umeingia hapa.",
      currentLabel: "Nenosiri la sasa",
      submit: "Badilisha nenosiri",
      forgotBefore: "Umesahau nenosiri lako la sasa? Toka kisha utumie ",
      forgotLink: "Umesahau nenosiri?",
      forgotAfter: " kwenye ukurasa wa kuingia.",
      currentRequired: "Weka nenosiri lako la sasa",
      currentTooLong: "Nenosiri lisizidi herufi 256",
      changed: "Nenosiri limebadilishwa",
      changedDescription: (sessionsEnded: number) =>
        sessionsEnded === 0
          ? "Unabaki umeingia hapa. Hakuna kifaa kingine kilichokuwa kimeingia."
          : sessionsEnded === 1
            ? "Unabaki umeingia hapa; kifaa 1 kingine kimetolewa."
            : `Unabaki umeingia hapa; vifaa ${sessionsEnded} vingine vimetolewa.`,
    },
    twoFactor: {
      title: "Uthibitishaji wa hatua mbili",
      metaDescription: "Linda kuingia kwako kwenye OneHop kwa msimbo kutoka kwenye simu yako.",
      requiredNotice:
        "Biashara yako inataka kila mwanachama wa timu atumie uthibitishaji wa hatua mbili. Uweke ili uendelee kwenye dashibodi yako.",
      codesTitle: "Misimbo yako ya dharura",
      codesIntro:
        "Ukipoteza simu yako, ingia kwa mmoja wa misimbo hii. Kila msimbo unatumika mara moja. Ihifadhi sasa mahali salama (kwenye programu ya kuhifadhi manenosiri, au ichapishe): inaonyeshwa mara hii moja tu.",
      codesLabel: "Misimbo ya dharura",
      codesFileTitle: "Misimbo ya dharura ya OneHop (kila mmoja unatumika mara moja)",
      download: "Pakua kama maandishi",
      saved: "Nimeihifadhi",
      setUpTitle: "Weka programu yako ya uthibitishaji",
      setUpIntro:
        "Kila unapoingia utaombwa nenosiri lako na msimbo wa tarakimu 6 kutoka kwenye programu ya uthibitishaji (Google Authenticator, Microsoft Authenticator, 1Password na nyinginezo).",
      scan: "Changanua msimbo huu wa QR kwa programu yako.",
      qrLabel: "Msimbo wa QR wa programu yako ya uthibitishaji",
      typeKey: "Au andika ufunguo huu kwenye programu:",
      enterCode: "Weka msimbo wa tarakimu 6 unaoonyeshwa na programu.",
      codeLabel: "Msimbo kutoka kwenye programu yako",
      checking: "Inakagua...",
      turnOn: "Washa",
      onTitle: "Uthibitishaji wa hatua mbili umewashwa",
      onSince: (when: string) => `Umewashwa tangu ${when}. Misimbo ya dharura iliyobaki: `,
      ofTotal: (total: number) => ` kati ya ${total}.`,
      newCodesTitle: "Misimbo mipya ya dharura",
      newCodesIntro: "Misimbo yako ya dharura ya zamani itaacha kufanya kazi.",
      newCodesHint: "Msimbo wa tarakimu 6 kutoka kwenye programu yako.",
      making: "Inatengeneza misimbo...",
      makeNew: "Tengeneza misimbo mipya",
      offTitle: "Zima uthibitishaji wa hatua mbili",
      offIntro:
        "Unahitaji msimbo kutoka kwenye programu yako ya uthibitishaji (au msimbo wa dharura): nenosiri lako peke yake haliwezi kuuzima. Misimbo yako ya dharura itaacha kufanya kazi, na wamiliki wa akaunti wataarifiwa. Unaweza kuuweka tena wakati wowote.",
      offLabel: "Msimbo wa kuuzima",
      offHint: "Msimbo wa tarakimu 6 kutoka kwenye programu yako, au msimbo wa dharura.",
      turningOff: "Inazima...",
      turnOff: "Zima",
      enableRequired: "Weka msimbo wa tarakimu 6 kutoka kwenye programu yako ya uthibitishaji.",
      enableFormat: "Weka tarakimu 6 zinazoonyeshwa na programu yako ya uthibitishaji.",
      setupChanged: "Mpangilio huu umebadilika. Pakia ukurasa upya kisha uchanganue msimbo mpya.",
      passwordCannotTurnOff:
        "Weka msimbo wa tarakimu 6 kutoka kwenye programu yako ya uthibitishaji, au msimbo wa dharura: nenosiri lako peke yake haliwezi kuzima uthibitishaji wa hatua mbili.",
      enabled: "Uthibitishaji wa hatua mbili umewashwa",
      enabledDescription: "Weka misimbo yako ya dharura mahali salama.",
      disabled: "Uthibitishaji wa hatua mbili umezimwa",
      regenerated: "Misimbo mipya ya dharura",
      regeneratedDescription: "Misimbo yako ya dharura ya zamani haifanyi kazi tena.",
    },
  },
);
