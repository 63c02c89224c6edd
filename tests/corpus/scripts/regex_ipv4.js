const octet = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const ipv4 = new RegExp(`^${octet}(?:\\.${octet}){3}$`);
const candidates = ["192.168.1.1", "10.0.0.255", "256.1.1.1", "1.2.3", "0.0.0.0", "01.2.3.4"];
const log = "Failed login from 203.0.113.42, then 198.51.100.7 and 999.1.1.1";
return {
  checks: candidates.map(ip => ipv4.test(ip)),
  found: log.match(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g),
};
