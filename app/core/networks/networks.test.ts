import { describe, expect, it } from "vitest";
import { toScaled } from "~/core/payments/quote";
import {
  assetNetworks,
  chainUnits,
  defaultNetwork,
  displayNetwork,
  explorerAddressUrl,
  explorerTxUrl,
  homeNetwork,
  isEvmAddress,
  isTronAddress,
  isValidAddress,
  networkIds,
  networkLabel,
  networkRefusal,
  networks,
  paymentUri,
  storedNetworkId,
  toChecksumAddress,
  tokenContract,
  tronAddressFromAccount,
  wrongNetworkWarning,
} from "./index";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const EVM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
/** The USDT TRC-20 contract: a real, valid Tron address (hex 41a614f8…d13c). */
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const hex = (value: string) => Uint8Array.from(value.match(/../g)!.map((b) => parseInt(b, 16)));

/** `value` with the character at `index` replaced by another of the same alphabet. */
function changeChar(value: string, index: number, alphabet: string): string {
  const current = value[index]!;
  const other = [...alphabet].find((c) => c !== current)!;
  return value.slice(0, index) + other + value.slice(index + 1);
}

describe("the network vocabulary", () => {
  it("lists each asset's networks, the default first", () => {
    expect(networkIds).toEqual(["bitcoin", "ethereum", "tron", "base"]);
    expect(assetNetworks).toEqual({
      BTC: ["bitcoin"],
      ETH: ["ethereum"],
      USDT: ["tron", "ethereum"],
      USDC: ["ethereum", "base"],
    });
    // USDT opens on Tron, where sending it costs cents (issue 30, item 3).
    expect(defaultNetwork("USDT")).toBe("tron");
    expect(defaultNetwork("USDC")).toBe("ethereum");
    expect(defaultNetwork("BTC")).toBe("bitcoin");
  });

  it("reads what a bare symbol meant before networks as its home network: Ethereum for tokens", () => {
    expect(homeNetwork("USDT")).toBe("ethereum");
    expect(homeNetwork("USDC")).toBe("ethereum");
    expect(homeNetwork("BTC")).toBe("bitcoin");
    // A payment stored with a label (before migration 0014) or no network at all is on Ethereum,
    // though a new USDT payment opens on Tron; a stored id stays what it says.
    expect(storedNetworkId("Ethereum (ERC-20)", "USDT")).toBe("ethereum");
    expect(storedNetworkId("", "USDT")).toBe("ethereum");
    expect(storedNetworkId("tron", "USDT")).toBe("tron");
    expect(storedNetworkId("", "BTC")).toBe("bitcoin");
  });

  it("labels a network for people, with the token standard for tokens", () => {
    expect(networkLabel("bitcoin", "BTC")).toBe("Bitcoin");
    expect(networkLabel("ethereum", "ETH")).toBe("Ethereum");
    expect(networkLabel("ethereum", "USDT")).toBe("Ethereum (ERC-20)");
    expect(networkLabel("tron", "USDT")).toBe("Tron (TRC-20)");
    expect(networkLabel("base", "USDC")).toBe("Base");
    expect(displayNetwork("tron", "USDT")).toBe("Tron (TRC-20)");
    // A label stored before the ids (migration 0014) is shown as it is.
    expect(displayNetwork("Ethereum (ERC-20)", "USDT")).toBe("Ethereum (ERC-20)");
    expect(wrongNetworkWarning("tron", "USDT")).toBe(
      "Send only on Tron (TRC-20). Coins sent on another network may be lost.",
    );
  });

  it("has a confirmation count per network", () => {
    expect(networks.bitcoin.confirmations).toBe(3);
    expect(networks.ethereum.confirmations).toBe(12);
    expect(networks.tron.confirmations).toBe(19);
    expect(networks.base.confirmations).toBe(12);
  });

  it("refuses a network the asset is not on, naming the allowed ones", () => {
    expect(networkRefusal("USDT", "tron")).toBeNull();
    expect(networkRefusal("USDC", "tron")).toBe(
      'USDC is not accepted on Tron: USDC is paid on "ethereum" or "base".',
    );
    expect(networkRefusal("USDC", "polygon")).toBe(
      'Polygon is not supported (we accept USDC on Ethereum and Base): USDC is paid on "ethereum" or "base".',
    );
    expect(networkRefusal("BTC", "lightning")).toBe(
      '"lightning" is not a network we know: BTC is paid on "bitcoin".',
    );
  });
});

describe("EVM addresses (EIP-55)", () => {
  // The examples of EIP-55.
  const checksummed = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];

  it("computes and accepts the checksum", () => {
    for (const address of checksummed) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isEvmAddress(address)).toBe(true);
    }
    expect(toChecksumAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")).toBe(
      "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    );
  });

  it("accepts one-case addresses, which carry no checksum", () => {
    expect(isEvmAddress("0x52908400098527886e0f7030069857d2e4169ee7")).toBe(true);
    expect(isEvmAddress("0x52908400098527886E0F7030069857D2E4169EE7")).toBe(true);
  });

  it("refuses a mixed-case address whose checksum is wrong, and malformed ones", () => {
    // One letter's case flipped.
    expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
    expect(isEvmAddress("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
    expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe")).toBe(false);
    expect(isEvmAddress("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00")).toBe(false);
    expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg")).toBe(false);
  });
});

describe("Tron addresses (base58check)", () => {
  it("accepts a real address and encodes an account id to it", () => {
    expect(isTronAddress(TRON_ADDRESS)).toBe(true);
    expect(tronAddressFromAccount(hex("a614f803b6fd780986a42c78ec9c7f77e6ded13c"))).toBe(
      TRON_ADDRESS,
    );
    const made = tronAddressFromAccount(new Uint8Array(20).fill(7));
    expect(made).toMatch(/^T/);
    expect(isTronAddress(made)).toBe(true);
  });

  it("refuses an address with any one character changed (the checksum fails)", () => {
    const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    for (let index = 1; index < TRON_ADDRESS.length; index++) {
      const changed = changeChar(TRON_ADDRESS, index, alphabet);
      expect(isTronAddress(changed), changed).toBe(false);
    }
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
  });

  it("refuses the wrong prefix, length or alphabet", () => {
    // A valid base58check of 25 bytes with another version byte (a Bitcoin P2PKH address).
    expect(isTronAddress("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).toBe(false);
    expect(isTronAddress(TRON_ADDRESS.slice(0, -1))).toBe(false);
    expect(isTronAddress(`${TRON_ADDRESS}1`)).toBe(false);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toBe(false);
    expect(isTronAddress("")).toBe(false);
  });

  it("validates per network", () => {
    expect(isValidAddress("tron", TRON_ADDRESS)).toBe(true);
    expect(isValidAddress("ethereum", TRON_ADDRESS)).toBe(false);
    expect(isValidAddress("base", EVM_ADDRESS)).toBe(true);
    expect(isValidAddress("bitcoin", BTC_ADDRESS)).toBe(true);
    expect(isValidAddress("bitcoin", EVM_ADDRESS)).toBe(false);
  });
});

describe("explorer links", () => {
  it("links valid addresses and transactions, live and test", () => {
    expect(explorerAddressUrl("tron", TRON_ADDRESS)).toBe(
      `https://tronscan.org/#/address/${TRON_ADDRESS}`,
    );
    expect(explorerAddressUrl("base", EVM_ADDRESS, "test")).toBe(
      `https://sepolia.basescan.org/address/${EVM_ADDRESS}`,
    );
    expect(explorerTxUrl("ethereum", `0x${"ab".repeat(32)}`)).toBe(
      `https://etherscan.io/tx/0x${"ab".repeat(32)}`,
    );
    expect(explorerTxUrl("bitcoin", "ab".repeat(32), "test")).toBe(
      `https://mempool.space/testnet4/tx/${"ab".repeat(32)}`,
    );
  });

  it("gives no link for a value the network cannot have", () => {
    expect(explorerAddressUrl("tron", EVM_ADDRESS)).toBeNull();
    expect(explorerAddressUrl("ethereum", `${EVM_ADDRESS}/../x`)).toBeNull();
    expect(explorerTxUrl("tron", `0x${"ab".repeat(32)}`)).toBeNull();
    expect(explorerTxUrl("base", "<script>")).toBeNull();
  });
});

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

  it("writes EIP-681 transfer calls for ERC-20 tokens on Ethereum (chain 1)", () => {
    // 19.29 USDT = 19,290,000 base units (6 decimals).
    expect(
      paymentUri({ asset: "USDT", network: "ethereum", address: EVM_ADDRESS, units: 19_290_000n }),
    ).toBe(
      "ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=19290000",
    );
    expect(
      paymentUri({ asset: "USDC", network: "ethereum", address: EVM_ADDRESS, units: 1n }),
    ).toBe(
      "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=1",
    );
  });

  it("writes EIP-681 on Base (chain 8453) with Base's USDC contract", () => {
    expect(
      paymentUri({ asset: "USDC", network: "base", address: EVM_ADDRESS, units: 2_500_000n }),
    ).toBe(
      "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=2500000",
    );
  });

  it("writes a tron: transfer URI with the USDT TRC-20 contract", () => {
    const to = tronAddressFromAccount(new Uint8Array(20).fill(9));
    expect(paymentUri({ asset: "USDT", network: "tron", address: to, units: 19_290_000n })).toBe(
      `tron:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/transfer?address=${to}&uint256=19290000`,
    );
    // USDT's default network: a payment that names none is on Tron.
    expect(paymentUri({ asset: "USDT", address: to, units: 1n })).toBe(
      `tron:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/transfer?address=${to}&uint256=1`,
    );
  });

  it("uses each token's decimals and converts ledger units to chain units", () => {
    expect(tokenContract("USDT", "tron")).toEqual({
      contract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
    });
    expect(tokenContract("USDC", "base")?.decimals).toBe(6);
    expect(tokenContract("USDT", "base")).toBeNull();
    expect(chainUnits(1n, "ETH")).toBe(1_000_000_000n);
    expect(chainUnits(7n, "BTC")).toBe(7n);
    expect(chainUnits(7n, "USDT", "tron")).toBe(7n);
  });

  it("gives no link for an address the network cannot have, a wrong pair, or no amount", () => {
    expect(paymentUri({ asset: "BTC", address: EVM_ADDRESS, units: 1n })).toBeNull();
    expect(paymentUri({ asset: "ETH", address: BTC_ADDRESS, units: 1n })).toBeNull();
    expect(
      paymentUri({
        asset: "USDT",
        network: "ethereum",
        address: `${EVM_ADDRESS}&uint256=1`,
        units: 1n,
      }),
    ).toBeNull();
    expect(paymentUri({ asset: "BTC", address: `${BTC_ADDRESS}?x=1`, units: 1n })).toBeNull();
    expect(paymentUri({ asset: "ETH", address: EVM_ADDRESS, units: 0n })).toBeNull();
    // An EVM address on Tron, a Tron address with a bad checksum, USDT on Base.
    expect(
      paymentUri({ asset: "USDT", network: "tron", address: EVM_ADDRESS, units: 1n }),
    ).toBeNull();
    expect(
      paymentUri({
        asset: "USDT",
        network: "tron",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
        units: 1n,
      }),
    ).toBeNull();
    expect(
      paymentUri({ asset: "USDT", network: "base", address: EVM_ADDRESS, units: 1n }),
    ).toBeNull();
    // A mixed-case EVM address with a wrong checksum.
    expect(
      paymentUri({
        asset: "ETH",
        address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
        units: 1n,
      }),
    ).toBeNull();
  });
});
