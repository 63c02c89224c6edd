return { zebra: 1, apple: 2, mango: 3, banana: { z: true, a: false } };
