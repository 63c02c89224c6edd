const scores = { alice: 91, bob: 78, carol: 85, dave: 99 };
return Object.fromEntries(Object.entries(scores).sort((a, b) => b[1] - a[1]));
