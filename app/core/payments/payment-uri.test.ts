import { describe, expect, it } from "vitest";
import { chainUnits, erc20Tokens, paymentUri } from "./payment-uri";
import { toScaled } from "./quote";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const EVM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

describe("payment URIs", () => {
  it("writes BIP 21 for Bitcoin with the amount in BTC", () => {
    // 0.00151234 BTC = 151,234 satoshi.
    expect(paymentUri({ asset: "BTC", address: BTC_ADDRESS, units: 151_234n })).toBe(
      "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00151234",
    );
    expect(paymentUri({ asset: "BTC", address: BTC_ADDRESS, units: 100_000_000n })).toBe(
      "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=1",
    );
    expect(
      paymentUri({ asset: "BTC", address: "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", units: 50n }),
    ).toBe("bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=0.0000005");
  });

  it("writes EIP-681 for Ether with the value in wei on chain 1", () => {
    // The ledger counts ETH in gwei: 0.0123 ETH = 12,300,000 gwei = 12,300,000,000,000,000 wei.
    const units = toScaled("0.0123", 9);
    expect(paymentUri({ asset: "ETH", address: EVM_ADDRESS, units })).toBe(
      "ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@1?value=12300000000000000",
    );
  });

  it("writes EIP-681 transfer calls for USDT and USDC with token base units", () => {
    // 19.29 USDT = 19,290,000 base units (6 decimals).
    expect(paymentUri({ asset: "USDT", address: EVM_ADDRESS, units: 19_290_000n })).toBe(
      "ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=19290000",
    );
    expect(paymentUri({ asset: "USDC", address: EVM_ADDRESS, units: 1n })).toBe(
      "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=1",
    );
  });

  it("uses each token's decimals and converts ledger units to chain units", () => {
    expect(erc20Tokens.USDT.decimals).toBe(6);
    expect(erc20Tokens.USDC.decimals).toBe(6);
    expect(chainUnits(1n, "ETH")).toBe(1_000_000_000n);
    expect(chainUnits(7n, "BTC")).toBe(7n);
    expect(chainUnits(7n, "USDT")).toBe(7n);
  });

  it("gives no link for an address the chain cannot have, or for no amount", () => {
    expect(paymentUri({ asset: "BTC", address: EVM_ADDRESS, units: 1n })).toBeNull();
    expect(paymentUri({ asset: "ETH", address: BTC_ADDRESS, units: 1n })).toBeNull();
    expect(
      paymentUri({ asset: "USDT", address: `${EVM_ADDRESS}&uint256=1`, units: 1n }),
    ).toBeNull();
    expect(paymentUri({ asset: "BTC", address: `${BTC_ADDRESS}?x=1`, units: 1n })).toBeNull();
    expect(paymentUri({ asset: "ETH", address: EVM_ADDRESS, units: 0n })).toBeNull();
  });
});
