return {
  structuredClone: typeof structuredClone,
  URL: typeof URL,
  URLSearchParams: typeof URLSearchParams,
  TextEncoder: typeof TextEncoder,
  TextDecoder: typeof TextDecoder,
  atob: typeof atob,
  btoa: typeof btoa,
  crypto: typeof crypto,
  queueMicrotask: typeof queueMicrotask,
  globalThis: typeof globalThis,
  Intl: typeof Intl,
};
