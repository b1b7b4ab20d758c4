'use client';

import { usePathname } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '~/components/icons';

/**
 * The sidebar: always shown from the `md` breakpoint up; below it, a bar with the brand and a Menu
 * button that opens the navigation over the page (a phone otherwise scrolls past a full sidebar
 * before every page). The menu closes on navigation, on a link to the current page, and on Escape.
 */
export function CollapsibleSidebar({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  // Open only for the page it was opened on: navigating elsewhere closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  function close() {
    setOpenOn(null);
    menuButton.current?.focus();
  }

  return (
    <aside className="relative shrink-0 border-b border-zinc-200 bg-white px-4 py-3 md:sticky md:top-0 md:flex md:h-screen md:w-64 md:flex-col md:gap-6 md:border-r md:border-b-0 md:py-5 dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="flex items-center justify-between gap-2">
        {brand}
        <button
          ref={menuButton}
          type="button"
          aria-expanded={open}
          aria-controls="console-sidebar"
          onClick={() => setOpenOn(open ? null : pathname)}
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 md:hidden dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          Menu
        </button>
      </div>
      <div
        id="console-sidebar"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
        onClick={(event) => {
          if (open && event.target instanceof Element && event.target.closest('a')) setOpenOn(null);
        }}
        className={`${open ? 'flex' : 'hidden'} flex-col gap-6 pt-4 pb-2 md:flex md:flex-1 md:p-0`}
      >
        {children}
      </div>
    </aside>
  );
}
