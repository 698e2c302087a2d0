import { allOf } from './all-of';

describe('allOf', () => {
  it('answers every result, in order', async () => {
    await expect(allOf([Promise.resolve(1), Promise.resolve(2)])).resolves.toEqual([1, 2]);
  });

  it('throws the first failure only once every work has ended', async () => {
    let slowEnded = false;
    const slow = new Promise<number>((resolve) =>
      setTimeout(() => {
        slowEnded = true;
        resolve(2);
      }, 20),
    );
    const failing = Promise.reject(new Error('refused'));
    await expect(allOf([failing, slow])).rejects.toThrow('refused');
    expect(slowEnded).toBe(true);
  });
});
