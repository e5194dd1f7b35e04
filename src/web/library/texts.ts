/** How many thoughts, in words: '12 pensamentos', '1 pensamento'. */
export const thoughtCount = (total: number) => `${total} ${total === 1 ? "pensamento" : "pensamentos"}`;
