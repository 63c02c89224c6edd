class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "HttpError";
    this.status = status;
  }
  get retryable() { return this.status >= 500 || this.status === 429; }
}
const errors = [new HttpError(404, "not found"), new HttpError(503, "unavailable"), new Error("plain")];
return errors.map(e => ({
  name: e.name,
  message: e.message,
  isHttp: e instanceof HttpError,
  retryable: e.retryable ?? false,
  str: String(e),
}));
