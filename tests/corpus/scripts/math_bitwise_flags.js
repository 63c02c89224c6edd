const FLAGS = { READ: 1, WRITE: 2, EXEC: 4, ADMIN: 8 };
let perms = FLAGS.READ | FLAGS.WRITE;
perms |= FLAGS.ADMIN;
perms &= ~FLAGS.WRITE;
const has = f => (perms & f) !== 0;
return {
  perms,
  names: Object.keys(FLAGS).filter(k => has(FLAGS[k])),
  binary: perms.toString(2).padStart(4, "0"),
  shifts: [1 << 10, -16 >> 2, -16 >>> 28, 5 ^ 3],
};
