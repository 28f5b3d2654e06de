// Direct API access for e2e tests: to check what the UI did (re-fetch and compare) and to prepare users,
// with the same bearer tokens the web app uses.
import { projectListSchema, projectSchema, type Project } from '../../../src/domain/project.ts';
import { simulationSchema, type Simulation } from '../../../src/domain/simulation.ts';
import { userSchema } from '../../../src/domain/user.ts';
import { loginWithPassword } from '../../support/login.ts';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export class SurgeApi {
  readonly baseUrl: string;
  private readonly token: string;

  private constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  static async signIn(baseUrl: string, email: string, password: string): Promise<SurgeApi> {
    const tokens = await loginWithPassword(baseUrl, email, password);
    return new SurgeApi(baseUrl, tokens.accessToken);
  }

  async call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  private async ok(method: string, path: string, body?: unknown): Promise<unknown> {
    const answer = await this.call(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async projects(view: 'own' | 'all' = 'own'): Promise<Project[]> {
    return projectListSchema.parse(await this.ok('GET', `/projects?view=${view}&pageLimit=30`)).results;
  }

  async project(id: string): Promise<Project> {
    return projectSchema.parse(await this.ok('GET', `/projects/${id}`));
  }

  async createProject(name: string, description = ''): Promise<Project> {
    return projectSchema.parse(await this.ok('POST', '/projects', { name, description }));
  }

  async createSimulation(projectId: string, name: string): Promise<Simulation> {
    return simulationSchema.parse(await this.ok('POST', `/projects/${projectId}/simulations`, { name }));
  }

  async simulation(id: string): Promise<Simulation> {
    return simulationSchema.parse(await this.ok('GET', `/simulations/${id}`));
  }

  /** Adds a team member with a password set by the admin, so the test can sign in as them. */
  async createMember(email: string, role: 'contributor' | 'manager', password: string): Promise<string> {
    const user = userSchema.parse(await this.ok('POST', '/mgmt/users', { email, firstName: 'Casey', lastName: role === 'contributor' ? 'Contributor' : 'Manager', role }));
    await this.ok('POST', `/mgmt/users/${user.id}/auth/password`, { password });
    return user.id;
  }
}
