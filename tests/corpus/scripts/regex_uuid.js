const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ids = [
  "123e4567-e89b-12d3-a456-426614174000",
  "550E8400-E29B-41D4-A716-446655440000",
  "not-a-uuid",
  "123e4567-e89b-62d3-a456-426614174000",
];
const log = "req 9b2f3c1e-8a7d-4c6b-9e5f-1a2b3c4d5e6f failed; retry as 0f8fad5b-d9cb-469f-a165-70867728950e";
return { valid: ids.map(id => uuidRe.test(id)), inLog: log.match(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g) };
