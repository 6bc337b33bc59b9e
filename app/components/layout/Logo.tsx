/** OneHop's mark: two nodes joined by one hop. Drawn by us. */
export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#047857" />
      <circle cx="9" cy="21" r="4" fill="#ffffff" />
      <circle cx="23" cy="21" r="4" fill="#a7f3d0" />
      <path
        d="M9 17 C 11 7, 21 7, 23 17"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
