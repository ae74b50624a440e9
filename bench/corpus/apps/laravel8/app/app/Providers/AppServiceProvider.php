<?php

namespace App\Providers;

use App\View\Composers\SidebarComposer;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Support\Facades\View;
use Illuminate\Support\ServiceProvider;

class AppServiceProvider extends ServiceProvider
{
    /**
     * Register any application services.
     *
     * @return void
     */
    public function register()
    {
        //
    }

    /**
     * Bootstrap any application services.
     *
     * @return void
     */
    public function boot()
    {
        // Every relation a page shows must be eager-loaded; outside production a lazy load throws.
        Model::preventLazyLoading(! $this->app->isProduction());

        View::composer('partials.sidebar', SidebarComposer::class);
    }
}
