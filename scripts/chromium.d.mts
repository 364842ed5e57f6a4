export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
export declare const testChromiumLaunchOptions: { executablePath: string; args: string[] };
