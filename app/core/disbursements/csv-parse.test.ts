import { describe, expect, it } from "vitest";
import {
  parsePayoutCsv,
  PAYOUT_CSV_MAX_BYTES,
  PAYOUT_CSV_MAX_ROWS,
  payoutCsvColumns,
  payoutCsvTemplate,
  type PayoutCsvParse,
} from "./csv-parse";
import {
  checkPayoutRow,
  duplicateKey,
  PAYOUT_NAME_MAX,
  PAYOUT_REFERENCE_MAX,
  type RawPayoutRow,
  type RowCheck,
} from "./row-check";

const row = (fields: Partial<RawPayoutRow>): RawPayoutRow => ({
  recipient: "",
  rail: "",
  amount: "",
  reference: "",
  name: "",
  bankCode: "",
  ...fields,
});

const check = (fields: Partial<RawPayoutRow>) => checkPayoutRow(row(fields));

function accepted(result: RowCheck) {
  if (!result.ok) throw new Error(`expected the row to pass: ${JSON.stringify(result.errors)}`);
  return result;
}

function refused(result: RowCheck) {
  if (result.ok) throw new Error("expected the row to be refused");
  return result.errors;
}

/** The one error of a refused row for `field`. */
function errorOf(result: RowCheck, field: keyof RawPayoutRow): string {
  const errors = refused(result).filter((error) => error.field === field);
  expect(errors).toHaveLength(1);
  return errors[0]!.message;
}

function parsed(result: PayoutCsvParse) {
  if (!result.ok) throw new Error(`expected the file to parse: ${result.error}`);
  return result;
}

function fileError(result: PayoutCsvParse): string {
  if (result.ok) throw new Error("expected the file to be refused");
  return result.error;
}

describe("checkPayoutRow: mobile numbers", () => {
  it.each([
    ["0712345678", "+254712345678"],
    ["0712 345 678", "+254712345678"],
    ["712345678", "+254712345678"],
    ["254712345678", "+254712345678"],
    ["+254712345678", "+254712345678"],
    ["+254 712-345-678", "+254712345678"],
    ["00254712345678", "+254712345678"],
    ["0112345678", "+254112345678"],
    [" 0112 345 678 ", "+254112345678"],
  ])("reads %j as %s and implies M-Pesa from the Safaricom prefix", (recipient, e164) => {
    const result = accepted(check({ recipient, amount: "100" }));
    expect(result.row.rail).toBe("mpesa");
    expect(result.row.destination).toEqual({ kind: "msisdn", phone: e164 });
  });

  it("implies Airtel Money and T-Kash from their prefixes", () => {
    expect(accepted(check({ recipient: "0733 123 456", amount: "100" })).row).toMatchObject({
      rail: "airtel-money",
      destination: { kind: "msisdn", phone: "+254733123456" },
    });
    expect(accepted(check({ recipient: "0100123456", amount: "100" })).row.rail).toBe(
      "airtel-money",
    );
    expect(accepted(check({ recipient: "0771 234 567", amount: "100" })).row.rail).toBe("t-kash");
  });

  it.each(["+256712345678", "+256 712 345 678", "+1 415 555 0100", "0044 20 7946 0958"])(
    "refuses the foreign number %j: Kenyan numbers only",
    (recipient) => {
      const message = errorOf(check({ recipient, amount: "100" }), "recipient");
      expect(message).toContain("Enter a Kenyan mobile number");
      expect(message).toContain("we pay Kenyan numbers only");
    },
  );

  it.each(["hello", "0712 345", "07123456789", "071234567x", "0612345678"])(
    "refuses %j as not a Kenyan mobile number",
    (recipient) => {
      const message = errorOf(check({ recipient, amount: "100" }), "recipient");
      expect(message).toContain("Enter a Kenyan mobile number, such as 0712 345 678");
      expect(message).toContain("Kenyan numbers only");
    },
  );

  it("asks for the recipient when it is blank", () => {
    expect(errorOf(check({ amount: "100" }), "recipient")).toMatch(/^Enter the recipient/);
    expect(errorOf(check({ rail: "mpesa", amount: "100" }), "recipient")).toBe(
      "Enter the M-Pesa number to pay, such as 0712 345 678",
    );
  });

  it("tells the merchant a spreadsheet turned the number into a power of ten", () => {
    expect(errorOf(check({ recipient: "2.54712E+11", amount: "100" }), "recipient")).toContain(
      "format the column as Text",
    );
  });

  it("asks for the rail when a number's prefix belongs to no known network", () => {
    expect(errorOf(check({ recipient: "0744123456", amount: "100" }), "rail")).toBe(
      "We cannot tell the network of +254 744 123 456 from its prefix: write the rail (mpesa, airtel-money or t-kash)",
    );
  });
});

describe("checkPayoutRow: rails", () => {
  it.each([
    ["mpesa", "0712345678", "mpesa"],
    ["M-Pesa", "0712345678", "mpesa"],
    [" m pesa ", "0712345678", "mpesa"],
    ["SAFARICOM", "0712345678", "mpesa"],
    ["airtel", "0733123456", "airtel-money"],
    ["Airtel Money", "0733123456", "airtel-money"],
    ["airtel-money", "0733123456", "airtel-money"],
    ["tkash", "0771234567", "t-kash"],
    ["T-Kash", "0771234567", "t-kash"],
    ["Telkom", "0771234567", "t-kash"],
  ])("reads the rail %j", (rail, recipient, id) => {
    expect(accepted(check({ rail, recipient, amount: "100" })).row.rail).toBe(id);
  });

  it.each(["bank", "Bank", "PesaLink", "pesa-link"])("reads %j as a bank payout", (rail) => {
    const result = check({
      rail,
      recipient: "1450160649886",
      bankCode: "68",
      amount: "100",
      name: "Acme",
    });
    expect(accepted(result).row.rail).toBe("pesalink");
  });

  it("refuses an unknown rail, naming the accepted values", () => {
    expect(errorOf(check({ rail: "paypal", recipient: "0712345678", amount: "100" }), "rail")).toBe(
      'The rail "paypal" is not one we pay: write mpesa, airtel-money, t-kash, bank, paybill or till, or leave it blank for a mobile number',
    );
  });

  it("refuses a rail that does not pay the number's network", () => {
    expect(
      errorOf(check({ rail: "mpesa", recipient: "0733 123 456", amount: "100" }), "recipient"),
    ).toBe(
      "+254 733 123 456 is an Airtel number; M-Pesa pays Safaricom numbers only. Change the rail or the number.",
    );
    expect(
      errorOf(check({ rail: "airtel", recipient: "0712345678", amount: "100" }), "recipient"),
    ).toBe(
      "+254 712 345 678 is a Safaricom number; Airtel Money pays Airtel numbers only. Change the rail or the number.",
    );
    expect(
      errorOf(check({ rail: "t-kash", recipient: "0744123456", amount: "100" }), "recipient"),
    ).toBe(
      "+254 744 123 456 is not a Telkom number; T-Kash pays Telkom numbers only. Change the rail or the number.",
    );
  });

  it("refuses a bank code on a mobile payout", () => {
    expect(
      errorOf(
        check({ rail: "mpesa", recipient: "0712345678", bankCode: "68", amount: "100" }),
        "bankCode",
      ),
    ).toMatch(/^A bank code is only for bank payouts/);
  });
});

describe("checkPayoutRow: bank accounts", () => {
  const bank = (fields: Partial<RawPayoutRow>) =>
    check({
      recipient: "1450160649886",
      bankCode: "68",
      amount: "5000",
      name: "Acme Ltd",
      ...fields,
    });

  it("normalises the account and takes the name as the account name", () => {
    const result = accepted(
      bank({ rail: "bank", recipient: "1450-1606 49886", name: " Acme Ltd " }),
    );
    expect(result.row).toEqual({
      rail: "pesalink",
      destination: {
        kind: "bank_account",
        bankCode: "68",
        accountNumber: "1450160649886",
        accountName: "Acme Ltd",
      },
      amountKesCents: 500000n,
      reference: "",
      name: "Acme Ltd",
    });
    expect(result.warnings).toEqual([]);
  });

  it("implies PesaLink for an account number with a bank code and no rail", () => {
    expect(accepted(bank({})).row.rail).toBe("pesalink");
  });

  it("puts back the 0 a spreadsheet drops from a bank code", () => {
    const result = accepted(bank({ bankCode: "1", recipient: "1234567" }));
    expect(result.row.destination).toMatchObject({ bankCode: "01", accountNumber: "1234567" });
  });

  it("refuses an unknown bank code", () => {
    expect(errorOf(bank({ bankCode: "99" }), "bankCode")).toBe(
      'The bank code "99" is not a bank we pay over PesaLink: check it (such as 01 for KCB Bank Kenya, 68 for Equity Bank Kenya)',
    );
  });

  it("asks for the bank code on a bank row without one", () => {
    expect(errorOf(bank({ rail: "bank", bankCode: "" }), "bankCode")).toContain(
      "Enter the bank's 2-digit code",
    );
  });

  it("refuses an account number of the wrong length for the bank", () => {
    expect(errorOf(bank({ recipient: "14501606498" }), "recipient")).toBe(
      "Equity Bank Kenya account numbers have 13 digits (got 11): check the account number",
    );
    expect(errorOf(bank({ bankCode: "11", recipient: "0110076280291" }), "recipient")).toBe(
      "Co-operative Bank of Kenya account numbers have 14 digits (got 13): check the account number",
    );
    expect(errorOf(bank({ bankCode: "01", recipient: "12345" }), "recipient")).toContain(
      "between 6 and 20 digits (got 5)",
    );
  });

  it("refuses an account number with letters", () => {
    expect(errorOf(bank({ rail: "bank", recipient: "14501606498O6" }), "recipient")).toBe(
      'The account number "14501606498O6" must be digits only (spaces and dashes are fine)',
    );
  });

  it("requires the account name", () => {
    expect(errorOf(bank({ name: "  " }), "name")).toBe(
      "Enter the name the bank account is held in: PesaLink needs the account name",
    );
  });

  it("asks for the account number on a bank row without one", () => {
    expect(errorOf(bank({ rail: "bank", recipient: "" }), "recipient")).toBe(
      "Enter the bank account number to pay",
    );
  });
});

describe("checkPayoutRow: amounts", () => {
  it.each([
    "1500",
    "1,500",
    "1 500",
    "1\u00a0500",
    "1500.00",
    "1500.0",
    "KES 1,500",
    "Ksh1500",
    "kes 1,500.00",
    "KSh 1,500",
    " 1500 ",
    "01500",
  ])("reads %j as KES 1,500 in cents", (amount) => {
    expect(accepted(check({ recipient: "0712345678", amount })).row.amountKesCents).toBe(150000n);
  });

  it("reads large amounts exactly, without floats", () => {
    const result = check({
      recipient: "1450160649886",
      bankCode: "68",
      amount: "999,999",
      name: "A",
    });
    expect(accepted(result).row.amountKesCents).toBe(99999900n);
  });

  it.each([
    [
      "-100",
      'The amount "-100" is negative: write the amount to pay without a minus sign or brackets, such as 100',
    ],
    [
      "(100)",
      'The amount "(100)" is negative: write the amount to pay without a minus sign or brackets, such as 100',
    ],
    [
      "KES -100",
      'The amount "KES -100" is negative: write the amount to pay without a minus sign or brackets, such as 100',
    ],
    ["0", "The amount is 0: enter the amount to pay, such as 1500"],
    ["0.00", "The amount is 0: enter the amount to pay, such as 1500"],
    ["-0", "The amount is 0: enter the amount to pay, such as 1500"],
    ["", "Enter the amount to pay in shillings, such as 1500"],
    ["abc", 'The amount "abc" is not a number: write whole shillings, such as 1500 or 1,500'],
    ["1,50,0", 'The amount "1,50,0" is not a number: write whole shillings, such as 1500 or 1,500'],
    [
      "=SUM(A1:A3)",
      'The amount "=SUM(A1:A3)" is not a number: write whole shillings, such as 1500 or 1,500',
    ],
    [
      "1500.50",
      "The amount KES 1,500.50 has cents, and payouts are in whole shillings only: write 1500 or 1501",
    ],
    [
      "1500.5",
      "The amount KES 1,500.50 has cents, and payouts are in whole shillings only: write 1500 or 1501",
    ],
    [
      "99.99",
      "The amount KES 99.99 has cents, and payouts are in whole shillings only: write 99 or 100",
    ],
    [
      "1500.001",
      'The amount "1500.001" has more than 2 decimal places: write whole shillings, such as 1500',
    ],
    [
      "1e5",
      'The amount "1e5" is written as a power of ten: write all its digits, such as 100000 (in a spreadsheet, format the column as Number)',
    ],
    [
      "1.5E+05",
      'The amount "1.5E+05" is written as a power of ten: write all its digits, such as 100000 (in a spreadsheet, format the column as Number)',
    ],
    [
      "1500,50",
      'The amount "1500,50" uses a comma for decimals: write whole shillings, such as 1500',
    ],
  ])("refuses %j", (amount, message) => {
    expect(errorOf(check({ recipient: "0712345678", amount }), "amount")).toBe(message);
  });

  it("refuses amounts outside the rail's limits, naming the rail and the limit", () => {
    expect(errorOf(check({ recipient: "0712345678", amount: "9" }), "amount")).toBe(
      "M-Pesa pays at least KES 10: raise the amount to KES 10 or more",
    );
    expect(accepted(check({ recipient: "0712345678", amount: "10" })).row.amountKesCents).toBe(
      1000n,
    );
    expect(accepted(check({ recipient: "0712345678", amount: "250,000" })).ok).toBe(true);
    expect(errorOf(check({ recipient: "0712345678", amount: "250,001" }), "amount")).toBe(
      "M-Pesa pays at most KES 250,000 per payout: split KES 250,001 into smaller payouts",
    );
    expect(errorOf(check({ recipient: "0733123456", amount: "1000000" }), "amount")).toBe(
      "Airtel Money pays at most KES 250,000 per payout: split KES 1,000,000 into smaller payouts",
    );
    const bankRow = { recipient: "1450160649886", bankCode: "68", name: "A" };
    expect(errorOf(check({ ...bankRow, amount: "1,000,000" }), "amount")).toBe(
      "PesaLink pays at most KES 999,999 per payout: split KES 1,000,000 into smaller payouts",
    );
    expect(errorOf(check({ ...bankRow, amount: "5" }), "amount")).toBe(
      "PesaLink pays at least KES 10: raise the amount to KES 10 or more",
    );
    expect(accepted(check({ recipient: "0733123456", amount: "1" })).row.amountKesCents).toBe(100n);
  });
});

describe("checkPayoutRow: reference and name", () => {
  const mobile = (fields: Partial<RawPayoutRow>) =>
    check({ recipient: "0733123456", amount: "100", ...fields });

  it("trims the reference and the name", () => {
    expect(accepted(mobile({ reference: "  INV-1 ", name: " Otieno  " })).row).toMatchObject({
      reference: "INV-1",
      name: "Otieno",
    });
  });

  it.each([['=HYPERLINK("http://x")'], ["+cmd|' /C calc'!A0"], ["-2+3"], ["@SUM(A1)"], ["  =1+1"]])(
    "refuses the formula %j in the name and the reference",
    (cell) => {
      const result = mobile({ reference: cell, name: cell });
      expect(errorOf(result, "reference")).toMatch(
        /^Remove the formula: a reference must be plain text/,
      );
      expect(errorOf(result, "name")).toMatch(/^Remove the formula: a name must be plain text/);
    },
  );

  it("keeps a phone number's leading + in the recipient", () => {
    expect(accepted(mobile({ recipient: "+254733123456" })).ok).toBe(true);
  });

  it("refuses control characters", () => {
    expect(errorOf(mobile({ name: "Otieno\nOdhiambo" }), "name")).toBe(
      "The name contains a line break or another invisible character: type it on one line",
    );
    expect(errorOf(mobile({ reference: "INV\u00001" }), "reference")).toBe(
      "The reference contains a line break or another invisible character: type it on one line",
    );
  });

  it("bounds the reference and the name", () => {
    const reference = "R".repeat(PAYOUT_REFERENCE_MAX);
    const name = "N".repeat(PAYOUT_NAME_MAX);
    expect(accepted(mobile({ reference, name })).row).toMatchObject({ reference, name });
    expect(errorOf(mobile({ reference: `${reference}R` }), "reference")).toBe(
      `The reference has ${PAYOUT_REFERENCE_MAX + 1} characters: shorten it to at most ${PAYOUT_REFERENCE_MAX}`,
    );
    expect(errorOf(mobile({ name: `${name}N` }), "name")).toBe(
      `The name has ${PAYOUT_NAME_MAX + 1} characters: shorten it to at most ${PAYOUT_NAME_MAX}`,
    );
  });

  it("warns that M-Pesa cannot check a name, and says nothing for Airtel Money", () => {
    expect(
      accepted(check({ recipient: "0712345678", amount: "100", name: "Wanjiku" })).warnings,
    ).toEqual([
      "M-Pesa does not tell us the registered name before paying: the name is kept for your records only",
    ]);
    expect(accepted(mobile({ name: "Otieno" })).warnings).toEqual([]);
    expect(accepted(check({ recipient: "0712345678", amount: "100" })).warnings).toEqual([]);
  });

  it("reports every field's error at once, in column order", () => {
    const errors = refused(
      check({ recipient: "hello", amount: "-5", reference: "=1", name: "@x" }),
    );
    expect(errors.map((error) => error.field)).toEqual([
      "recipient",
      "amount",
      "reference",
      "name",
    ]);
  });
});

describe("duplicateKey", () => {
  const key = (fields: Partial<RawPayoutRow>) => duplicateKey(accepted(check(fields)).row);

  it("is the same for the same rail, destination and amount however they are written", () => {
    expect(key({ recipient: "0712345678", amount: "1500" })).toBe(
      key({ recipient: "+254 712 345 678", rail: "M-Pesa", amount: "KES 1,500.00" }),
    );
    const bank = { bankCode: "68", name: "A" };
    expect(key({ ...bank, recipient: "1450160649886", amount: "100" })).toBe(
      key({ ...bank, recipient: "1450-1606-49886", rail: "bank", amount: "100", name: "B" }),
    );
  });

  it("differs when the amount or the destination differs", () => {
    const base = key({ recipient: "0712345678", amount: "1500" });
    expect(key({ recipient: "0712345678", amount: "1501" })).not.toBe(base);
    expect(key({ recipient: "0712345679", amount: "1500" })).not.toBe(base);
  });
});

describe("parsePayoutCsv: file", () => {
  it("parses a plain file, numbering lines from the header's line 1", () => {
    const result = parsed(
      parsePayoutCsv("recipient,rail,amount,reference,name,bank_code\n0712345678,,1500,INV-1,,\n"),
    );
    expect(result.delimiter).toBe(",");
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({
      line: 2,
      raw: { recipient: "0712345678", rail: "", amount: "1500", reference: "INV-1" },
      check: {
        ok: true,
        row: { rail: "mpesa", destination: { kind: "msisdn", phone: "+254712345678" } },
      },
      duplicateOfLine: null,
    });
  });

  it("strips a UTF-8 byte-order mark", () => {
    const result = parsed(parsePayoutCsv("\uFEFFrecipient,amount\r\n0712345678,100\r\n"));
    expect(result.rows.map((line) => line.check.ok)).toEqual([true]);
  });

  it("reads semicolons and tabs, as European Excel and copied cells give them", () => {
    const semicolons = parsed(parsePayoutCsv("Phone;Amount;Name\n0712345678;1,500;Wanjiku\n"));
    expect(semicolons.delimiter).toBe(";");
    expect(semicolons.rows[0]!.raw).toMatchObject({ amount: "1,500", name: "Wanjiku" });
    expect(semicolons.rows[0]!.check.ok).toBe(true);
    const tabs = parsed(parsePayoutCsv("recipient\tamount\n0712345678\t1 500\n"));
    expect(tabs.delimiter).toBe("\t");
    expect(tabs.rows[0]!.check.ok).toBe(true);
  });

  it("reads Windows, Unix and old Mac line ends with the right line numbers", () => {
    for (const end of ["\r\n", "\n", "\r"]) {
      const text = ["recipient,amount", "0712345678,100", "", "0733123456,200", ""].join(end);
      const result = parsed(parsePayoutCsv(text));
      expect(result.rows.map((line) => line.line)).toEqual([2, 4]);
      expect(result.rows.map((line) => line.raw.amount)).toEqual(["100", "200"]);
    }
  });

  it("skips blank lines and rows of empty cells, including trailing ones", () => {
    const text = "recipient,amount,name\r\n\r\n0712345678,100,\r\n , , \r\n,,\r\n\r\n\r\n";
    expect(parsed(parsePayoutCsv(text)).rows.map((line) => line.line)).toEqual([3]);
  });

  it("reads quoted cells with commas, quotes and line breaks; line is the row's first line", () => {
    const text = [
      "recipient,amount,reference,name,bank_code",
      '"0712345678","1,500","Invoice 7, May","Kamau ""JJ"" Wanjiku",',
      '1450160649886,100,"two',
      'lines",Acme,68',
      '0733123456,100,"INV 9",Otieno,',
    ].join("\r\n");
    const result = parsed(parsePayoutCsv(text));
    expect(result.rows.map((line) => line.line)).toEqual([2, 3, 5]);
    expect(result.rows[0]!.raw).toEqual({
      recipient: "0712345678",
      rail: "",
      amount: "1,500",
      reference: "Invoice 7, May",
      name: 'Kamau "JJ" Wanjiku',
      bankCode: "",
      account: "",
    });
    expect(result.rows[0]!.check.ok).toBe(true);
    expect(result.rows[1]!.raw.reference).toBe("two\nlines");
    expect(result.rows[1]!.check).toEqual({
      ok: false,
      errors: [
        {
          field: "reference",
          message:
            "The reference contains a line break or another invisible character: type it on one line",
        },
      ],
    });
    expect(result.rows[2]!.check.ok).toBe(true);
  });

  it("refuses a file with a quote that is never closed, naming the line", () => {
    const text =
      'recipient,amount,name\n0712345678,100,ok\n0712345678,100,"Kamau\n0712345678,100,x\n';
    expect(fileError(parsePayoutCsv(text))).toBe(
      'Line 3 opens a quote (") that is never closed: close it, or remove it.',
    );
  });

  it("refuses a row with more cells than the header, and fills missing cells with blanks", () => {
    const text = "recipient,amount,name\n0712345678,1,500\n0712345678,1,500,x\n0712345678,100\n";
    const result = parsed(parsePayoutCsv(text));
    expect(result.rows[0]!.raw).toMatchObject({ amount: "1", name: "500" });
    expect(result.rows[1]!.check).toEqual({
      ok: false,
      errors: [
        {
          field: "recipient",
          message:
            "This line has 4 cells but the header has 3 columns: a value containing a comma (such as an amount written 1,500) must be in double quotes, or written without it.",
        },
      ],
    });
    expect(result.rows[2]!.raw).toMatchObject({ amount: "100", name: "" });
    expect(result.rows[2]!.check.ok).toBe(true);
  });

  it("accepts empty cells past the header, as spreadsheets save them", () => {
    const result = parsed(parsePayoutCsv("recipient;amount;;\n0712345678;100;;\n"));
    expect(result.rows[0]!.check.ok).toBe(true);
  });

  it("marks a valid row that repeats an earlier valid row, and keeps it valid", () => {
    const text = [
      "recipient,rail,amount,name,bank_code",
      "0712345678,,1500,,",
      "0712345678,mpesa,-1500,,",
      '+254 712 345 678,M-Pesa,"KES 1,500",,',
      "0712345678,,1501,,",
      "1450160649886,bank,100,Acme,68",
      "1450-1606-49886,,100,Acme Ltd,68",
      "0712345678,,1500,,",
    ].join("\n");
    const result = parsed(parsePayoutCsv(text));
    expect(result.rows.map((line) => [line.line, line.check.ok, line.duplicateOfLine])).toEqual([
      [2, true, null],
      [3, false, null],
      [4, true, 2],
      [5, true, null],
      [6, true, null],
      [7, true, 6],
      [8, true, 2],
    ]);
  });

  it("refuses an empty file", () => {
    for (const text of ["", "\uFEFF", " \r\n\r\n"]) {
      expect(fileError(parsePayoutCsv(text))).toBe(
        "The file is empty. Its first line must be the header: recipient, rail, amount, reference, name, bank_code, account.",
      );
    }
  });

  it("refuses a file over 2 MB, counting UTF-8 bytes", () => {
    const header = "recipient,amount,name\n";
    const line = "0712345678,100,Wanjiku\n";
    const big = header + line.repeat(Math.ceil(PAYOUT_CSV_MAX_BYTES / line.length));
    expect(fileError(parsePayoutCsv(big))).toBe(
      "The file is 2.0 MB; a payout file can be at most 2 MB. Split the file and upload each part.",
    );
    // Under the limit in characters, over it in bytes (é is two bytes in UTF-8).
    const accents = `${header}0712345678,100,${"é".repeat(PAYOUT_CSV_MAX_BYTES / 2)}\n`;
    expect(accents.length).toBeLessThan(PAYOUT_CSV_MAX_BYTES);
    expect(fileError(parsePayoutCsv(accents))).toMatch(/can be at most 2 MB/);
  });

  it("accepts exactly 10,000 rows and refuses 10,001, saying how many were found", () => {
    const lines = (count: number) =>
      ["recipient,amount"]
        .concat(Array.from({ length: count }, (_, i) => `07${String(i).padStart(8, "0")},100`))
        .join("\r\n");
    const full = parsed(parsePayoutCsv(lines(PAYOUT_CSV_MAX_ROWS)));
    expect(full.rows).toHaveLength(10_000);
    expect(full.rows.at(-1)).toMatchObject({ line: 10_001, duplicateOfLine: null });
    expect(full.rows.every((line) => line.check.ok)).toBe(true);
    expect(fileError(parsePayoutCsv(lines(PAYOUT_CSV_MAX_ROWS + 1)))).toBe(
      "The file has 10,001 payouts; a file can have at most 10,000. Split the file and upload each part.",
    );
  });

  it("refuses a file without a header", () => {
    expect(fileError(parsePayoutCsv("0712345678,100\n0733123456,200\n"))).toBe(
      "The first line must be the header, naming the columns: recipient, rail, amount, reference, name, bank_code, account (recipient and amount are required).",
    );
  });

  it("refuses a header missing recipient or amount, listing the columns", () => {
    expect(fileError(parsePayoutCsv("recipient,name\n0712345678,x\n"))).toBe(
      "The header has no amount column. The columns are recipient, rail, amount, reference, name, bank_code, account (recipient and amount are required).",
    );
    expect(fileError(parsePayoutCsv("amount\n100\n"))).toMatch(
      /^The header has no recipient column/,
    );
  });

  it("refuses a column it does not understand, naming it", () => {
    expect(fileError(parsePayoutCsv("recipient,amount,notes\n0712345678,100,x\n"))).toBe(
      'The header column "notes" is not understood: rename or delete it. The columns are recipient, rail, amount, reference, name, bank_code, account (recipient and amount are required).',
    );
  });

  it("refuses two columns that mean the same thing", () => {
    expect(fileError(parsePayoutCsv("phone,account_number,amount\n"))).toBe(
      'The header has "phone" and "account_number", which both mean recipient: keep one of them.',
    );
  });

  it("refuses an unnamed column between named ones", () => {
    expect(fileError(parsePayoutCsv("recipient,,amount\n"))).toMatch(
      /^Column 2 of the header \(line 1\) has no name/,
    );
  });

  it("refuses a UTF-16 file read as UTF-8", () => {
    expect(fileError(parsePayoutCsv("r\u0000e\u0000c\u0000"))).toMatch(/save it as "CSV UTF-8"/);
  });

  it("matches header names without case, spaces or hyphens, and through aliases", () => {
    const header = " Phone , RAIL, Amount (KES), Ref, Account-Name, Bank Code";
    const result = parsed(parsePayoutCsv(`${header}\n1450160649886,bank,100,R1,Acme,68\n`));
    expect(result.rows[0]!.raw).toEqual({
      recipient: "1450160649886",
      rail: "bank",
      amount: "100",
      reference: "R1",
      name: "Acme",
      bankCode: "68",
      account: "",
    });
    for (const [alias, field] of [
      ["msisdn", "recipient"],
      ["account", "account"],
      ["account_reference", "account"],
      ["account_number", "recipient"],
      ["kes", "amount"],
      ["amount_kes", "amount"],
      ["ref", "reference"],
      ["recipient_name", "name"],
      ["bank", "bankCode"],
    ] as const) {
      const others = ["recipient", "amount"].filter((column) => column !== field);
      const text = `${[...others, alias].join(",")}\n${[...others.map(() => "1"), "X"].join(",")}\n`;
      expect(parsed(parsePayoutCsv(text)).rows[0]!.raw[field]).toBe("X");
    }
  });
});

describe("payoutCsvTemplate", () => {
  it("is the header and five valid examples (M-Pesa, Airtel, bank, Paybill, Till) with CRLF line ends", () => {
    const template = payoutCsvTemplate();
    const lines = template.split("\r\n");
    expect(lines[0]).toBe(payoutCsvColumns.join(","));
    expect(lines.at(-1)).toBe("");
    expect(template.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const result = parsed(parsePayoutCsv(template));
    expect(result.rows.map((line) => line.check.ok && line.check.row.rail)).toEqual([
      "mpesa",
      "airtel-money",
      "pesalink",
      "mpesa",
      "mpesa",
    ]);
    expect(
      result.rows.map((line) => line.check.ok && line.check.row.destination.kind).slice(3),
    ).toEqual(["business", "business"]);
  });
});

describe("checkPayoutRow: M-Pesa Paybill and Till (B2B)", () => {
  it("accepts a Paybill with its account, on the M-Pesa rail", () => {
    const result = accepted(
      check({ recipient: " 247 247 ", rail: "Paybill", amount: "8,000", account: " 123456 " }),
    );
    expect(result.row.rail).toBe("mpesa");
    expect(result.row.destination).toEqual({
      kind: "business",
      b2b: "paybill",
      businessNumber: "247247",
      accountReference: "123456",
    });
    expect(result.row.amountKesCents).toBe(800_000n);
  });

  it("accepts a Till without an account, and the rail's other spellings", () => {
    for (const rail of ["till", "TILL", "buy goods", "M-Pesa Till", "till_number"]) {
      expect(accepted(check({ recipient: "123456", rail, amount: "950" })).row.destination).toEqual(
        { kind: "business", b2b: "till", businessNumber: "123456", accountReference: null },
      );
    }
    for (const rail of ["mpesa-paybill", "Business Pay Bill", "PAYBILL"]) {
      expect(
        accepted(check({ recipient: "400200", rail, amount: "950", account: "A1" })).row
          .destination,
      ).toMatchObject({ b2b: "paybill", businessNumber: "400200", accountReference: "A1" });
    }
  });

  it("refuses a Paybill without an account", () => {
    expect(refused(check({ recipient: "247247", rail: "paybill", amount: "100" }))).toEqual([
      {
        field: "account",
        message:
          "Enter the account number at the Paybill (the one the business gave you, such as your customer or invoice number there): a Paybill payment needs it",
      },
    ]);
  });

  it("refuses an account longer than 13 characters, never shortening it", () => {
    expect(
      refused(
        check({ recipient: "247247", rail: "paybill", amount: "100", account: "12345678901234" }),
      ),
    ).toEqual([
      {
        field: "account",
        message:
          "The account number has 14 characters: M-Pesa takes at most 13. Check it with the business (it is never shortened)",
      },
    ]);
    expect(
      accepted(
        check({ recipient: "247247", rail: "paybill", amount: "100", account: "1234567890123" }),
      ).row.destination,
    ).toMatchObject({ accountReference: "1234567890123" });
  });

  it("refuses a formula as the account", () => {
    expect(
      refused(
        check({ recipient: "247247", rail: "paybill", amount: "100", account: "=HYPERLINK(1)" }),
      )[0]!.field,
    ).toBe("account");
  });

  it("refuses a business number that is not 5 to 7 digits", () => {
    for (const recipient of ["1234", "12345678", "24A247", "0712345678"]) {
      expect(refused(check({ recipient, rail: "till", amount: "100" }))).toEqual([
        {
          field: "recipient",
          message: `The Till number "${recipient}" is not one: a Till number has 5 to 7 digits, such as 123456`,
        },
      ]);
    }
    expect(refused(check({ recipient: "", rail: "paybill", amount: "100", account: "1" }))).toEqual(
      [{ field: "recipient", message: "Enter the Paybill number to pay, such as 247247" }],
    );
  });

  it("refuses an account on a Till, on a phone row and on a bank row", () => {
    expect(
      refused(check({ recipient: "123456", rail: "till", amount: "100", account: "9" }))[0]!
        .message,
    ).toMatch(/^A Till takes no account number/);
    expect(
      refused(check({ recipient: "0712345678", rail: "mpesa", amount: "100", account: "9" })),
    ).toEqual([
      {
        field: "account",
        message:
          "An account number is only for Paybill payouts: clear it, or write paybill as the rail and the Paybill number as the recipient",
      },
    ]);
  });

  it("applies M-Pesa's limits and keeps the name as a note", () => {
    expect(refused(check({ recipient: "123456", rail: "till", amount: "5" }))[0]).toEqual({
      field: "amount",
      message: "M-Pesa pays at least KES 10: raise the amount to KES 10 or more",
    });
    const named = accepted(
      check({ recipient: "123456", rail: "till", amount: "100", name: "Mama Mboga" }),
    );
    expect(named.warnings).toHaveLength(1);
  });

  it("keys duplicates by business number and account", () => {
    const key = (account: string) =>
      duplicateKey(
        accepted(check({ recipient: "247247", rail: "paybill", amount: "100", account })).row,
      );
    expect(key("A1")).toBe(key(" A1 "));
    expect(key("A1")).not.toBe(key("A2"));
  });

  it("reads paybill and till rows from a file with the account column", () => {
    const result = parsed(
      parsePayoutCsv(
        "recipient,rail,amount,account\r\n247247,paybill,8000,123456\r\n123456,till,950,\r\n247247,paybill,100,\r\n",
      ),
    );
    expect(result.rows.map((line) => line.check.ok)).toEqual([true, true, false]);
    expect(result.rows[0]!.raw.account).toBe("123456");
  });
});
