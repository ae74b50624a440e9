<?php

namespace App\Providers;

use App\View\Composers\SidebarComposer;
use Illuminate\Cache\RateLimiting\Limit;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\RateLimiter;
use Illuminate\Support\Facades\View;
use Illuminate\Support\ServiceProvider;

class AppServiceProvider extends ServiceProvider
{
    /**
     * Register any application services.
     */
    public function register(): void
    {
        //
    }

    /**
     * Bootstrap any application services.
     */
    public function boot(): void
    {
        // Every relation a page shows must be eager-loaded; outside production a lazy load throws.
        Model::preventLazyLoading(! $this->app->isProduction());

        View::composer('partials.sidebar', SidebarComposer::class);

        RateLimiter::for('api', function (Request $request) {
            return Limit::perMinute(config('blog.api_per_minute'))->by($request->ip());
        });
    }
}
