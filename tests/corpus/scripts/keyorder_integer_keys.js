return { b: 1, 10: "ten", a: 2, 2: "two", "-1": "neg", "01": "padded" };
