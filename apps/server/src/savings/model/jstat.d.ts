// jstat ships without types; only the Student t distribution is used (docs/domain.md#measured-baseline).
declare module 'jstat' {
  interface StudentT {
    /** P(T <= x) for Student's t with `dof` degrees of freedom. */
    cdf(x: number, dof: number): number;
    /** The x with P(T <= x) = p. */
    inv(p: number, dof: number): number;
  }
  const jStat: { studentt: StudentT };
  export default jStat;
}
