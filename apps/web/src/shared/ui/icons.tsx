import type { SVGProps } from 'react';

/** Decorative inline icons (aria-hidden); the control that holds one carries the label. */
function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const ChevronLeftIcon = () => (
  <Svg>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);
export const ChevronRightIcon = () => (
  <Svg>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);
export const ChevronDownIcon = () => (
  <Svg>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);
export const PlayIcon = () => (
  <Svg fill="currentColor" stroke="none">
    <path d="M8 5v14l11-7z" />
  </Svg>
);
export const PauseIcon = () => (
  <Svg fill="currentColor" stroke="none">
    <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
  </Svg>
);
export const ArrowUpIcon = () => (
  <Svg>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const PhoneIcon = () => (
  <Svg>
    <rect x="7" y="2" width="10" height="20" rx="2" />
    <path d="M11 18h2" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 10h.01M12 10h.01M16 10h.01" />
  </Svg>
);
export const HeadsetIcon = () => (
  <Svg>
    <path d="M4 14v-2a8 8 0 0116 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1" />
    <rect x="17" y="14" width="4" height="6" rx="1" />
  </Svg>
);
export const GridIcon = () => (
  <Svg>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <rect x="14" y="14" width="6" height="6" rx="1" />
  </Svg>
);
export const UserIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0116 0" />
  </Svg>
);
export const GlobeIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
  </Svg>
);
