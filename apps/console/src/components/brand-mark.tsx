/** The AgentLoom mark and name, as shown in the sidebar and on the sign-in page. */
export function BrandMark() {
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M9 21c0-5 3-10 7-10s7 5 7 10M12 21c0-3 1.8-6 4-6s4 3 4 6"
          fill="none"
          stroke="white"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-base font-semibold tracking-tight">AgentLoom</span>
    </span>
  );
}
