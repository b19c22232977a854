export const NGINX_BIN: string;
export function writeNginxConfig(
  folder: string,
  options: { port: number; appPorts: [number, number]; errorLog: string },
): string[];
