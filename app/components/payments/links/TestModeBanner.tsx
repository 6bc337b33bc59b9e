/** Shown on a test-mode link's page: nothing paid there is real money. */
export function TestModeBanner() {
  return (
    <p
      role="note"
      className="mb-6 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-medium text-amber-950"
    >
      <strong className="font-bold">Test mode: no real money.</strong> This payment link is for
      testing: payments made through it use test networks and simulators.
    </p>
  );
}
