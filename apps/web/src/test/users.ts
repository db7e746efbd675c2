/** A signed-in viewer as the sign-in answer stores it; spread and override what a test cares about. */
export const TEST_USER = {
  id: 1,
  roleId: 2,
  assetId: null,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'a@b.c',
  active: true,
  verified: true,
};
