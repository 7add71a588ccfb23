/** The push socket and image links carry the access token in the query: keep it out of the logs. */
export function redactTokens(url: string): string {
  return url.replace(/([?&](?:token|dashboard_token)=)[^&]*/g, '$1[redacted]');
}
