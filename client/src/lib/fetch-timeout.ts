/** `fetch` that gives up after `ms` (its AbortError), also honouring the caller's own signal. */
export function fetchWithTimeout(ms: number) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}
